import { createRedisKeys, createReplyLedger, type ReplyLedger, silentLogger } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGithubReplier } from "../src/replier/create-github-replier.js";
import { githubTurn } from "./github-turn.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const INSTALLATION_ID = 4243;

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
});
