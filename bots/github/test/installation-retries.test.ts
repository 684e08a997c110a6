import {
  type BudgetBucket,
  createRateBudget,
  createRedisKeys,
  createReplyBudget,
  FINAL_REPLY,
  type ReplyClaim,
  URGENT_REPLY,
} from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGithubBudgets } from "../src/budget/github-budgets.js";
import { type InstallationOctokit, requestFor } from "../src/octokit/create-installation-octokits.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const COMMENTS = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
/** `retry-after`'s unit in these tests: a wait GitHub names in seconds lasts this many ms. */
const UNIT_MS = 20;

// With budgets, Octokit's throttling and retry plugins are off and Baton retries GitHub's
// requests itself: these drive that through the installation's real client and a fake GitHub.
describe("GitHub: an installation's requests, retried by Baton where budgets pace them", () => {
  let github: FakeGithub;
  let redis: TestRedis;
  let octokit: InstallationOctokit;
  let paused: Array<{ budget: string; retryAfterMs: number }>;
  let issue = 0;
  const comment = (body: string, reply?: ReplyClaim) =>
    octokit.request(COMMENTS, {
      owner: "acme",
      repo: "api",
      issue_number: issue,
      body,
      ...requestFor(reply),
    });

  beforeAll(async () => {
    github = await startFakeGithub();
    github.install("acme/api", 601);
  });
  afterAll(() => github.close());
  beforeEach(async () => {
    issue += 1;
    paused = [];
    redis = await createTestRedis("github-installation-retries");
    const budget = createRateBudget({
      redis: redis.redis,
      keys: createRedisKeys(redis.prefix),
      observer: {
        granted() {},
        paused: (bucket: BudgetBucket, retryAfterMs: number) =>
          paused.push({ budget: bucket.name, retryAfterMs }),
      },
    });
    const octokits = await octokitsForFakeGithub(github, {
      writeMinIntervalMs: 0,
      retryAfterUnitMs: UNIT_MS,
      budgets: createGithubBudgets(createReplyBudget({ budget })),
    });
    octokit = await octokits.forInstallation(601);
  });
  afterEach(() => redis.cleanup());

  const statuses = () =>
    github
      .callsTo(COMMENTS)
      .filter((call) => call.params.issue_number === String(issue))
      .map((call) => call.status);

  it("waits out a secondary limit, pausing the installation's budgets for every worker, and posts once", async () => {
    github.failNext(COMMENTS, { kind: "secondary_rate_limit", retryAfterSeconds: 2 });
    github.failNext(COMMENTS, { kind: "secondary_rate_limit", status: 429, retryAfterSeconds: 1 });
    await comment("the result", FINAL_REPLY);
    expect(statuses()).toEqual([403, 429, 201]);
    expect(github.commentsOn("acme/api", issue).map((c) => c.body)).toEqual(["the result"]);
    expect(paused).toEqual([
      { budget: "github:content-minute", retryAfterMs: 2 * UNIT_MS },
      { budget: "github:content-hour", retryAfterMs: 2 * UNIT_MS },
      { budget: "github:content-minute", retryAfterMs: UNIT_MS },
      { budget: "github:content-hour", retryAfterMs: UNIT_MS },
    ]);
  });

  it("tries a server error again, and gives up after three retries", async () => {
    github.failNext(COMMENTS, { kind: "http", status: 502 }, 2);
    await comment("after two 502s");
    expect(statuses()).toEqual([502, 502, 201]);

    github.failNext(COMMENTS, { kind: "http", status: 503 }, 4);
    await expect(comment("never")).rejects.toMatchObject({ status: 503 });
    expect(statuses()).toEqual([502, 502, 201, 503, 503, 503, 503]);
    expect(paused).toEqual([]);
  });

  it("sends what would fail again only once", async () => {
    github.failNext(COMMENTS, { kind: "http", status: 422 });
    await expect(comment("refused")).rejects.toMatchObject({ status: 422 });
    expect(statuses()).toEqual([422]);
  });

  it("gives up its wait to retry once its reply no longer wants it", async () => {
    github.failNext(COMMENTS, { kind: "secondary_rate_limit", retryAfterSeconds: 60 * 60 });
    const ended = new AbortController();
    const before = github.callsTo(COMMENTS).length;
    const edit = comment("an edit no one needs", { ...URGENT_REPLY, signal: ended.signal });
    await github.waitForCall(COMMENTS, { count: before + 1 });
    ended.abort(new Error("the turn ended"));
    // Rejected now, not after the hour the refusal asked for.
    await expect(edit).rejects.toThrow();
    expect(statuses()).toEqual([403]);
  });

  it("retries the App's own requests as one client, however often the App's client is asked for", async () => {
    const budget = createRateBudget({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
    const octokits = await octokitsForFakeGithub(github, {
      writeMinIntervalMs: 0,
      retryAfterUnitMs: UNIT_MS,
      budgets: createGithubBudgets(createReplyBudget({ budget })),
    });
    // Repository tokens and catalog discovery ask for it on every use.
    const clients = [await octokits.forApp(), await octokits.forApp(), await octokits.forApp()];
    const before = github.callsTo("GET /app").length;
    github.failNext("GET /app", { kind: "http", status: 502 }, 4);
    await expect(clients[2]?.request("GET /app")).rejects.toMatchObject({ status: 502 });
    // The first try and three retries, as any one request; not a retry loop inside a retry loop.
    const tries = github.callsTo("GET /app").slice(before);
    expect(tries.map((call) => call.status)).toEqual([502, 502, 502, 502]);
    expect((await clients[0]?.request("GET /app"))?.status).toBe(200);
  });
});
