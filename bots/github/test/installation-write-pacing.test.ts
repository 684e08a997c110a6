import {
  createRateBudget,
  createRedisKeys,
  createReplyBudget,
  FINAL_REPLY,
  progressReply,
  type ReplyClaim,
  URGENT_REPLY,
} from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis } from "@baton/testkit/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGithubBudgets } from "../src/budget/github-budgets.js";
import { requestFor } from "../src/octokit/create-installation-octokits.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

/** Long enough that a write queued behind another of the same installation cannot finish meanwhile. */
const WRITE_SPACING_MS = 60_000;
/** How long a write to another installation may take; far below the spacing it must not wait. */
const UNBLOCKED_WITHIN_MS = 10_000;
/** Short enough for a queue of a few writes to drain within the test. */
const SHORT_SPACING_MS = 150;

// Probot keys the throttle's queues by installation (`throttle.id`); Baton's own throttle settings
// must keep that key, or one busy organization would hold up every other one's replies.
describe("GitHub: write pacing", () => {
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub();
    github.install("acme/api", 501);
    github.install("other/web", 502);
    github.install("acme/queue", 503);
  });
  afterAll(() => github.close());

  it("spaces one installation's writes, and never makes another installation wait behind them", async () => {
    const octokits = await octokitsForFakeGithub(github, { writeMinIntervalMs: WRITE_SPACING_MS });
    const acme = await octokits.forInstallation(501);
    const other = await octokits.forInstallation(502);
    const comment = (octokit: typeof acme, repo: string, body: string) =>
      octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner: repo.split("/")[0]!,
        repo: repo.split("/")[1]!,
        issue_number: 1,
        body,
      });

    await comment(acme, "acme/api", "first");
    // Queued behind "first" for the spacing; abandoned when the test ends.
    const queued = comment(acme, "acme/api", "second");
    queued.catch(() => {});
    const elsewhere = await Promise.race([
      comment(other, "other/web", "meanwhile").then(() => "posted"),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), UNBLOCKED_WITHIN_MS)),
    ]);
    expect(elsewhere).toBe("posted");
    expect(github.commentsOn("acme/api", 1).map((c) => c.body)).toEqual(["first"]);
    expect(github.commentsOn("other/web", 1).map((c) => c.body)).toEqual(["meanwhile"]);
  });

  it("with budgets, lets a turn's result through before the writes queued ahead of it that matter less", async () => {
    const redis = await createTestRedis("github-write-priorities");
    try {
      const replyBudget = createReplyBudget({
        budget: createRateBudget({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }),
      });
      const octokits = await octokitsForFakeGithub(github, {
        writeMinIntervalMs: SHORT_SPACING_MS,
        budgets: createGithubBudgets(replyBudget),
      });
      const octokit = await octokits.forInstallation(503);
      // Edits notify no one, so only the write spacing paces them.
      const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner: "acme",
        repo: "queue",
        issue_number: 1,
        body: "first",
      });
      const edited: string[] = [];
      const edit = (body: string, reply: ReplyClaim) =>
        octokit
          .request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
            owner: "acme",
            repo: "queue",
            comment_id: data.id,
            body,
            ...requestFor(reply),
          })
          .then(() => edited.push(body));
      // Two sessions' progress and another's start queue first; then a turn's result comes.
      await Promise.all([
        edit("progress 1", progressReply("s1")),
        edit("progress 2", progressReply("s2")),
        edit("working", URGENT_REPLY),
        edit("result", FINAL_REPLY),
      ]);
      // All four wait out the spacing after "first": the result goes first, progress last.
      expect(edited.slice(0, 2)).toEqual(["result", "working"]);
      expect(edited.slice(2).sort()).toEqual(["progress 1", "progress 2"]);
    } finally {
      await redis.cleanup();
    }
  });
});
