import {
  createRateBudget,
  createRedisKeys,
  createReplyBudget,
  createReplyLedger,
  type Replier,
  type ReplyLedger,
  silentLogger,
  withReplyPriorities,
} from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGithubBudgets } from "../src/budget/github-budgets.js";
import { createGithubReplier } from "../src/replier/create-github-replier.js";
import { githubTurn } from "./github-turn.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const INSTALLATION_ID = 4243;
/** Ten writes an hour: progress must leave three of them, a result may spend them all. */
const SMALL_HOUR = { limit: 10, periodMs: 3_600_000, burst: 10 };

describe("GitHub: progress edits of a turn's comment", () => {
  let github: FakeGithub;
  let redis: TestRedis;
  beforeAll(async () => {
    github = await startFakeGithub();
    redis = await createTestRedis("github-progress-edits");
    github.install("acme/api", INSTALLATION_ID);
  });
  afterAll(async () => {
    await github.close();
    await redis.cleanup();
  });

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
    const raw = createGithubReplier({
      octokits: await octokitsForFakeGithub(github, { writeMinIntervalMs: 0, budgets }),
      ledger: createReplyLedger({ redis: redis.redis, keys }),
      redis: redis.redis,
      keys,
      logger: silentLogger,
      progressMinIntervalMs: 10,
      budgets,
    });
    // The worker marks each reply's priority this way (createWorkerReplies).
    const replier = withReplyPriorities({ github: raw as unknown as Replier })
      .github as unknown as Replier<"github">;
    const turn = githubTurn("turn-result-after-progress", 31, INSTALLATION_ID);
    await replier.working(turn, { target: { kind: "repository", repo: "acme/api" }, backend: "codex" });
    // Other sessions' writes leave the hour three tokens: a result's, none for progress.
    const [, hour] = budgets.bucketsOf(INSTALLATION_ID, "PATCH");
    if (!hour) throw new Error("a write draws on the hour's budget");
    const spent = SMALL_HOUR.burst - 1 - 3; // the working comment took one
    for (let i = 0; i < spent; i += 1) await rateBudget.take(hour, { priority: "final" });

    await replier.progress(turn, "step 1");
    // Long enough for the progress edit to be on its way and waiting for the hour's budget.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const outcome = {
      status: "completed" as const,
      summary: "Fixed the flaky login test",
      artifacts: [],
      target: { kind: "repository" as const, repo: "acme/api" },
      backend: "codex",
      durationMs: 1_000,
    };
    const posted = replier.result(turn, outcome, null).then(() => "posted" as const);
    const late = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), 3_000).unref());
    expect(await Promise.race([posted, late])).toBe("posted");
    const [comment] = github.commentsOn("acme/api", 31);
    expect(comment?.body).toContain("Fixed the flaky login test");
    // The progress edit gave up: it never lands on top of the result.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(github.commentsOn("acme/api", 31)[0]?.body).toContain("Fixed the flaky login test");
  });
});
