import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRedisKeys } from "@baton/core";
import {
  createTestGitRepository,
  type FakeModelRequest,
  type FakeResponses,
  getFreePort,
  startFakeResponses,
  type TestGitRepository,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  collectTurn,
  createHarnessFixture,
  lastEvent,
  livingProcessesWith,
  turnInput,
} from "./codex-harness-fixture.js";

let fixture: Awaited<ReturnType<typeof createHarnessFixture>>;
let model: FakeResponses;
let repo: TestGitRepository;
let otherWorktree: string;
beforeEach(async () => {
  fixture = await createHarnessFixture();
  model = await startFakeResponses({ models: ["gpt-5.5"] });
  repo = createTestGitRepository({ files: { "NOTES.md": "the password is pelican\n" } });
  otherWorktree = join(mkdtempSync(join(tmpdir(), "baton-other-worker-")), "repo");
  execFileSync("git", ["clone", "--quiet", repo.dir, otherWorktree]);
});
afterEach(async () => {
  await model.close();
  repo.cleanup();
  rmSync(join(otherWorktree, ".."), { recursive: true, force: true });
  await fixture.cleanup();
});

/** The rollout files of `threadId` left in a worker's CODEX_HOME. */
const rolloutsLeft = (dataDir: string, threadId: string | undefined) => {
  const sessions = join(dataDir, "codex-home", "sessions");
  if (!existsSync(sessions)) return [];
  return readdirSync(sessions, { recursive: true })
    .map(String)
    .filter((path) => path.endsWith(`-${threadId}.jsonl`));
};

const remembers = (request: FakeModelRequest) =>
  request.userPrompts.some((prompt) => prompt.includes("Read the notes")) &&
  request.toolOutputs.some((output) => output.text.includes("pelican"));

describe("a session's thread across workers", () => {
  it("resumes on another worker, with another CODEX_HOME and worktree, from the thread kept in Redis", async () => {
    model.setScript([
      { kind: "exec", cmd: "cat NOTES.md" },
      { kind: "text", text: "I read the notes." },
      (request) => ({ kind: "text", text: remembers(request) ? "I remember the notes." : "What notes?" }),
      (request) => ({ kind: "text", text: remembers(request) ? "I remember the notes." : "What notes?" }),
    ]);
    const first = fixture.worker(model.url);
    const second = fixture.worker(model.url);
    const sessionId = "session-across-workers";

    const turn1 = await collectTurn(
      first.harness,
      turnInput({ sessionId, workingDirectory: repo.dir, prompt: "Read the notes." }),
    );
    const kept = await fixture.threadStore.load(sessionId);
    const turn2 = await collectTurn(
      second.harness,
      turnInput({ sessionId, workingDirectory: otherWorktree, prompt: "What did they say?" }),
    );
    const stranger = await collectTurn(
      second.harness,
      turnInput({ workingDirectory: otherWorktree, prompt: "And you?" }),
    );

    expect(lastEvent(turn1)).toEqual({ type: "completed", finalMessage: "I read the notes." });
    expect(kept?.rolloutPath).toMatch(new RegExp(`^sessions/.+-${kept?.threadId}\\.jsonl$`));
    expect(lastEvent(turn2)).toEqual({ type: "completed", finalMessage: "I remember the notes." });
    expect((await fixture.threadStore.load(sessionId))?.threadId).toBe(kept?.threadId);
    // Kept in Redis, the thread is not also left on either worker's disk.
    expect(kept?.threadId).toBeTruthy();
    expect(rolloutsLeft(first.dataDir, kept?.threadId)).toEqual([]);
    expect(rolloutsLeft(second.dataDir, kept?.threadId)).toEqual([]);
    // Another session on the same worker starts a thread of its own.
    expect(lastEvent(stranger)).toEqual({ type: "completed", finalMessage: "What notes?" });
  });

  it("starts afresh, with a warning, when the kept thread cannot be read", async () => {
    model.setScript([{ kind: "text", text: "fresh start" }]);
    const sessionId = "session-with-garbage";
    await fixture.redis.redis.set(
      createRedisKeys(fixture.redis.prefix).scoped("codex", "thread", sessionId),
      "not gzip",
    );
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ sessionId, workingDirectory: repo.dir }));

    expect(events).toContainEqual({
      type: "warning",
      message: expect.stringContaining("could not be restored"),
    });
    expect(lastEvent(events)).toEqual({ type: "completed", finalMessage: "fresh start" });
  });

  it("forgets a session's thread", async () => {
    model.setScript([{ kind: "text", text: "hello" }]);
    const { harness } = fixture.worker(model.url);
    await collectTurn(harness, turnInput({ sessionId: "session-to-forget", workingDirectory: repo.dir }));
    expect(await fixture.threadStore.load("session-to-forget")).toBeDefined();

    await harness.forget("session-to-forget");

    expect(await fixture.threadStore.load("session-to-forget")).toBeUndefined();
  });
});

describe("turn failures, said for the thread", () => {
  it("a refused key", async () => {
    const guarded = await startFakeResponses({
      apiKey: "sk-the-right-key",
      script: [{ kind: "text", text: "unreachable" }],
    });
    const { harness } = fixture.worker(guarded.url, { apiKey: "sk-a-wrong-key" });

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));
    await guarded.close();

    expect(lastEvent(events)).toEqual({
      type: "failed",
      reason: "auth",
      message: expect.stringContaining("refused Baton's API key"),
    });
    expect(JSON.stringify(events)).not.toContain(guarded.url);
  });

  it("an unknown model", async () => {
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir, model: "gpt-nope" }));

    expect(lastEvent(events)).toEqual({
      type: "failed",
      reason: "unknown_model",
      message: expect.stringContaining("`gpt-nope`"),
    });
  });

  it("a model server nobody answers at, given up on instead of retried for minutes", async () => {
    const closedPort = await getFreePort();
    const { harness } = fixture.worker(`http://127.0.0.1:${closedPort}/v1`, { unreachableGiveUpMs: 1_000 });

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));

    expect(lastEvent(events)).toEqual({
      type: "failed",
      reason: "model_unreachable",
      message: expect.any(String),
    });
    expect(livingProcessesWith(repo.dir)).toEqual([]);
  });

  it("an account out of quota, given up on at its first refusal", async () => {
    model.setScript(() => ({
      kind: "error",
      status: 429,
      code: "insufficient_quota",
      type: "insufficient_quota",
      message: "You exceeded your current quota, please check your plan and billing details.",
    }));
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));

    expect(lastEvent(events)).toEqual({
      type: "failed",
      reason: "quota",
      message: expect.stringContaining("out of quota"),
    });
    expect(model.requests).toHaveLength(1);
  });

  it("Baton's deadline, when the model server hangs", async () => {
    model.setScript([{ kind: "stall" }]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir, deadlineMs: 1_500 }));

    expect(lastEvent(events)).toEqual({
      type: "failed",
      reason: "timeout",
      message: expect.stringContaining("time limit"),
    });
    expect(livingProcessesWith(repo.dir)).toEqual([]);
  });
});
