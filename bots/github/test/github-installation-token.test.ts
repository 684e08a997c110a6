import { createRateBudget, createRedisKeys, createReplyBudget } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGithubBudgets } from "../src/budget/github-budgets.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const INSTALLATION_ID = 4251;
/** Far longer than the test waits: a request that queued behind a write would time the test out. */
const WRITE_SPACING_MS = 60_000;

describe("GitHub: the installation's token", () => {
  let github: FakeGithub;
  let redis: TestRedis;
  beforeEach(async () => {
    github = await startFakeGithub();
    redis = await createTestRedis("github-installation-token");
    github.install("acme/api", INSTALLATION_ID);
  });
  afterEach(async () => {
    await github.close();
    await redis.cleanup();
  });

  it("is fetched without waiting for the next write's turn, and spends nothing of the writes' budget", async () => {
    const keys = createRedisKeys(redis.prefix);
    const budget = createRateBudget({ redis: redis.redis, keys });
    const budgets = createGithubBudgets(createReplyBudget({ budget }));
    const octokits = await octokitsForFakeGithub(github, { writeMinIntervalMs: WRITE_SPACING_MS, budgets });
    const octokit = await octokits.forInstallation(INSTALLATION_ID);
    // Another session's comment: it goes at once, and the next write waits a minute for its turn.
    const first = octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      owner: "acme",
      repo: "api",
      issue_number: 1,
      body: "working",
    });

    // A read of another issue needs the installation's token too, which is no write: neither
    // waits for the next write's turn.
    const { data } = await octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      owner: "acme",
      repo: "api",
      issue_number: 2,
    });
    await first;
    expect(data).toEqual([]);
    expect(github.callsTo("POST /app/installations/{installation_id}/access_tokens").length).toBeGreaterThan(
      0,
    );
    // The hour's budget paid for the comment and for nothing else.
    const [, hour] = budgets.bucketsOf(
      INSTALLATION_ID,
      "POST",
      "/repos/{owner}/{repo}/issues/{issue_number}/comments",
    );
    if (!hour) throw new Error("a write draws on the hour's budget");
    const tokensLeft: number[] = [];
    const observed = createRateBudget({
      redis: redis.redis,
      keys,
      observer: { granted: (_bucket, _priority, _waited, left) => tokensLeft.push(left), paused: () => {} },
    });
    await observed.take(hour, { priority: "final" });
    expect(tokensLeft).toEqual([hour.limit.burst - 2]);
  });
});
