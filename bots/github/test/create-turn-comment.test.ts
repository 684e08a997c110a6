import { createRedisKeys, createReplyLedger, REPLY_FIELDS } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTurnComment } from "../src/replier/create-turn-comment.js";
import { turnMarker } from "../src/replier/render-github-comment.js";
import { githubTurn } from "./github-turn.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const INSTALLATION_ID = 4242;

describe("GitHub: a turn's one comment", () => {
  let github: FakeGithub;
  let redis: TestRedis;
  beforeAll(async () => {
    github = await startFakeGithub();
    redis = await createTestRedis("turn-comment");
  });
  afterAll(async () => {
    await github.close();
    await redis.cleanup();
  });
  beforeEach(() => {
    github.reset();
    github.install("acme/api", INSTALLATION_ID);
  });

  const ledger = () => createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
  async function writer() {
    const octokits = await octokitsForFakeGithub(github);
    return createTurnComment({ octokits, ledger: ledger() });
  }

  const commentsOn = (number: number) => github.commentsOn("acme/api", number);

  it("posts once, then edits the same comment", async () => {
    const write = await writer();
    const turn = githubTurn("turn-edit", 11, INSTALLATION_ID);
    await write(turn, "Working on it…");
    await write(turn, "Done.");
    expect(commentsOn(11).map((comment) => comment.body)).toEqual(["Done."]);
  });

  it("leaves one comment when two runs of the same turn post at the same moment", async () => {
    // Two workers each believing they run the turn (one lost its lock): each has its own client.
    const [first, second] = await Promise.all([writer(), writer()]);
    const turn = githubTurn("turn-race", 12, INSTALLATION_ID);
    await Promise.all([first(turn, "Working on it… (run A)"), second(turn, "Working on it… (run B)")]);
    const left = commentsOn(12);
    expect(left).toHaveLength(1);
    expect(left[0]!.body).toMatch(/Working on it… \(run [AB]\)/);
    // Both runs now edit that one comment.
    await first(turn, "Done.");
    expect(commentsOn(12).map((comment) => comment.body)).toEqual(["Done."]);
  });

  it("finds the comment a run posted but did not record, past the first pages of a long thread", async () => {
    // 350 comments from the day before, then a run of the turn claims and posts its comment and
    // dies before recording its id: the retry must edit that comment, not post a second.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
    for (let i = 0; i < 350; i += 1)
      github.seedComment({
        repo: "acme/api",
        issueNumber: 13,
        body: `comment ${i}`,
        author: "octocat",
        createdAt: dayAgo,
      });
    const turn = githubTurn("turn-recover", 13, INSTALLATION_ID);
    await ledger().claim(turn.id, REPLY_FIELDS.workingClaimed, "1");
    const posted = github.seedComment({
      repo: "acme/api",
      issueNumber: 13,
      body: `Working on it…\n${turnMarker(turn.id)}`,
      author: "baton[bot]",
      authorType: "Bot",
    });

    const write = await writer();
    await write(turn, `Done.\n${turnMarker(turn.id)}`);

    const comments = commentsOn(13);
    expect(comments).toHaveLength(351);
    expect(comments.at(-1)).toMatchObject({ id: posted.id, body: `Done.\n${turnMarker(turn.id)}` });
    expect(await ledger().get(turn.id, REPLY_FIELDS.workingMessage)).toBe(String(posted.id));
  });
});
