import {
  createRateBudget,
  createRedisKeys,
  createReplyBudget,
  createReplyLedger,
  type Replier,
  type ReplyLedger,
  silentLogger,
} from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGithubBudgets, type GithubBudgets } from "../src/budget/github-budgets.js";
import type { InstallationOctokits } from "../src/octokit/create-installation-octokits.js";
import { createGithubReplier } from "../src/replier/create-github-replier.js";
import { githubTurn } from "./github-turn.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const INSTALLATION_ID = 4243;
/** An installation of its own: the other tests spend the first one's hour. */
const SPACED_INSTALLATION_ID = 4244;
/** Ten writes an hour: progress must leave three of them, a result may spend them all. */
const SMALL_HOUR = { limit: 10, periodMs: 3_600_000, burst: 10 };
/** The installation's writes a process sends one at a time, this far apart. */
const WRITE_SPACING_MS = 250;
/** Other sessions' starts waiting in that line, ahead of a progress edit. */
const QUEUED_STARTS = 8;
const OUTCOME = {
  status: "completed" as const,
  summary: "Fixed the flaky login test",
  artifacts: [],
  target: { kind: "repository" as const, repo: "acme/api" },
  backend: "codex",
  durationMs: 1_000,
};

describe("GitHub: progress edits of a turn's comment", () => {
  let github: FakeGithub;
  let redis: TestRedis;
  beforeAll(async () => {
    github = await startFakeGithub();
    redis = await createTestRedis("github-progress-edits");
    github.install("acme/api", INSTALLATION_ID);
    github.install("acme/web", SPACED_INSTALLATION_ID);
  });
  afterAll(async () => {
    await github.close();
    await redis.cleanup();
  });

  /** The replier with progress paid from `budgets` (its result marked final, its progress as its session's). */
  function budgetedReplier(octokits: InstallationOctokits, budgets: GithubBudgets): Replier<"github"> {
    const keys = createRedisKeys(redis.prefix);
    return createGithubReplier({
      octokits,
      ledger: createReplyLedger({ redis: redis.redis, keys }),
      redis: redis.redis,
      keys,
      logger: silentLogger,
      progressMinIntervalMs: 10,
      budgets,
    });
  }

  it("reads the working context once per edit that goes out, not once per status", async () => {
    const ledger = createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
    const reads: string[] = [];
    const counted: ReplyLedger = {
      ...ledger,
      get: (turnId, field) => {
        reads.push(field);
        return ledger.get(turnId, field);
      },
    };
    const replier = createGithubReplier({
      octokits: await octokitsForFakeGithub(github, { writeMinIntervalMs: 0 }),
      ledger: counted,
      redis: redis.redis,
      keys: createRedisKeys(redis.prefix),
      logger: silentLogger,
      progressMinIntervalMs: 200,
    });
    const turn = githubTurn("turn-progress", 21, INSTALLATION_ID);
    await replier.working(turn, { target: { kind: "repository", repo: "acme/api" }, backend: "codex" });
    for (let i = 1; i <= 20; i += 1) await replier.progress(turn, `step ${i}`);
    const latest = () => github.commentsOn("acme/api", 21)[0]?.body ?? "";
    for (let waited = 0; !latest().includes("step 20") && waited < 3_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const comment = { body: latest() };
    // The latest status, still under the working context.
    expect(comment.body).toContain("step 20");
    expect(comment.body).toContain("acme/api");
    expect(reads.filter((field) => field === "working.context").length).toBeLessThanOrEqual(2);
  });

  it("does not hold a turn's result behind a progress edit waiting for the hour's budget", async () => {
    const keys = createRedisKeys(redis.prefix);
    const rateBudget = createRateBudget({ redis: redis.redis, keys });
    const replyBudget = createReplyBudget({
      budget: rateBudget,
      overrides: new Map([["github:content-hour", SMALL_HOUR]]),
    });
    const budgets = createGithubBudgets(replyBudget);
    const replier = budgetedReplier(
      await octokitsForFakeGithub(github, { writeMinIntervalMs: 0, budgets }),
      budgets,
    );
    const turn = githubTurn("turn-result-after-progress", 31, INSTALLATION_ID);
    await replier.working(turn, { target: { kind: "repository", repo: "acme/api" }, backend: "codex" });
    // Other sessions' writes leave the hour three tokens: a result's, none for progress.
    const [, hour] = budgets.bucketsOf(
      INSTALLATION_ID,
      "PATCH",
      "/repos/{owner}/{repo}/issues/comments/{comment_id}",
    );
    if (!hour) throw new Error("a write draws on the hour's budget");
    const spent = SMALL_HOUR.burst - 1 - 3; // the working comment took one
    for (let i = 0; i < spent; i += 1) await rateBudget.take(hour, { priority: "final" });

    await replier.progress(turn, "step 1");
    // Long enough for the progress edit to be on its way and waiting for the hour's budget.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posted = replier.result(turn, OUTCOME, null).then(() => "posted" as const);
    const late = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), 3_000).unref());
    expect(await Promise.race([posted, late])).toBe("posted");
    const [comment] = github.commentsOn("acme/api", 31);
    expect(comment?.body).toContain("Fixed the flaky login test");
    // The progress edit gave up: it never lands on top of the result.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(github.commentsOn("acme/api", 31)[0]?.body).toContain("Fixed the flaky login test");
  });

  it("does not hold a turn's result behind its progress edit waiting for the installation's write spacing", async () => {
    const keys = createRedisKeys(redis.prefix);
    const budgets = createGithubBudgets(
      createReplyBudget({ budget: createRateBudget({ redis: redis.redis, keys }) }),
    );
    const octokits = await octokitsForFakeGithub(github, { writeMinIntervalMs: WRITE_SPACING_MS, budgets });
    const replier = budgetedReplier(octokits, budgets);
    const turn = githubTurn("turn-result-after-spacing", 41, SPACED_INSTALLATION_ID, "acme/web");
    await replier.working(turn, { target: { kind: "repository", repo: "acme/web" }, backend: "codex" });
    // Other sessions' starts fill the installation's line: each waits its turn, a spacing apart.
    const octokit = await octokits.forInstallation(SPACED_INSTALLATION_ID);
    const starts = Array.from({ length: QUEUED_STARTS }, (_, i) =>
      octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner: "acme",
        repo: "web",
        issue_number: 100 + i,
        body: "working",
      }),
    );
    await replier.progress(turn, "step 1");
    // Long enough for the progress edit to hold its budget and wait in the line, behind the starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await replier.result(turn, OUTCOME, null);
    // The result went first among those waiting, not after every start ahead of its progress edit.
    const startsPosted = () =>
      Array.from({ length: QUEUED_STARTS }, (_, i) => github.commentsOn("acme/web", 100 + i).length);
    expect(startsPosted().filter((count) => count > 0).length).toBeLessThan(QUEUED_STARTS / 2);
    await Promise.all(starts);
    await new Promise((resolve) => setTimeout(resolve, WRITE_SPACING_MS * 2));
    // The progress edit left the line unsent: it never lands on top of the result.
    const [comment] = github.commentsOn("acme/web", 41);
    expect(comment?.body).toContain("Fixed the flaky login test");
    expect(comment?.body).not.toContain("step 1");
  });
});
