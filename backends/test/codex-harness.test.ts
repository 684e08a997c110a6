import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  createTestGitRepository,
  type FakeResponses,
  startFakeResponses,
  type TestGitRepository,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HarnessEvent } from "../src/codex/harness/coding-harness.js";
import {
  collectTurn,
  createHarnessFixture,
  KNOWN_MODEL,
  lastEvent,
  livingProcessesWith,
  MODEL_KEY,
  turnInput,
} from "./codex-harness-fixture.js";

// The real codex CLI runs in these tests, in its real sandbox; only the model is scripted.
const BUGGY_SUM = "module.exports = (a, b) => a - b;\n";
const FAILING_TEST = [
  'const sum = require("./sum.js");',
  'if (sum(2, 3) !== 5) { console.error("expected 5, got " + sum(2, 3)); process.exit(1); }',
  'console.log("sum ok");',
  "",
].join("\n");
const FIX_PATCH = [
  "*** Begin Patch",
  "*** Update File: sum.js",
  "@@",
  "-module.exports = (a, b) => a - b;",
  "+module.exports = (a, b) => a + b;",
  "*** End Patch",
  "",
].join("\n");

let fixture: Awaited<ReturnType<typeof createHarnessFixture>>;
let model: FakeResponses;
let repo: TestGitRepository;
beforeEach(async () => {
  fixture = await createHarnessFixture();
  model = await startFakeResponses({ apiKey: MODEL_KEY });
  repo = createTestGitRepository({ files: { "sum.js": BUGGY_SUM, "test.js": FAILING_TEST } });
});
afterEach(async () => {
  await model.close();
  repo.cleanup();
  await fixture.cleanup();
});

const commands = (events: HarnessEvent[]) =>
  events.flatMap((event) => (event.type === "command" && event.status !== "running" ? [event] : []));

describe("the codex harness", () => {
  it("runs a failing test, patches the code, runs it again and answers, reporting each step", async () => {
    model.setScript([
      { kind: "exec", cmd: "node test.js", reasoning: "Run the test first." },
      (request) =>
        request.lastToolOutput?.exitCode === 1
          ? { kind: "patch", patch: FIX_PATCH }
          : { kind: "text", text: "the test did not fail as expected" },
      { kind: "exec", cmd: "node test.js" },
      (request) => ({
        kind: "text",
        text: `Fixed sum; node test.js now exits ${request.lastToolOutput?.exitCode}.`,
      }),
    ]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));

    expect(commands(events)).toEqual([
      expect.objectContaining({
        command: "node test.js",
        status: "failed",
        exitCode: 1,
        output: expect.stringContaining("expected 5, got -1"),
      }),
      expect.objectContaining({
        command: "node test.js",
        status: "completed",
        exitCode: 0,
        output: expect.stringContaining("sum ok"),
      }),
    ]);
    expect(events).toContainEqual({
      type: "command",
      id: expect.any(String),
      command: "node test.js",
      status: "running",
    });
    expect(events).toContainEqual({
      type: "file_change",
      id: expect.any(String),
      changes: [{ path: "sum.js", kind: "update" }],
    });
    expect(events).toContainEqual({ type: "reasoning", text: "Run the test first." });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "usage", inputTokens: expect.any(Number) }),
    );
    expect(lastEvent(events)).toEqual({
      type: "completed",
      finalMessage: "Fixed sum; node test.js now exits 0.",
    });
    expect(readFileSync(join(repo.dir, "sum.js"), "utf8")).toBe("module.exports = (a, b) => a + b;\n");
    // The CLI sent the freeform apply_patch for a model it knows, over plain HTTP, with Baton's key.
    expect(model.requests.map((request) => request.lastToolOutput?.tool)).toEqual([
      undefined,
      "exec_command",
      "apply_patch",
      "exec_command",
    ]);
    expect(
      model.requests.every((request) => request.apiKey === MODEL_KEY && request.model === KNOWN_MODEL),
    ).toBe(true);
    expect(model.websocketAttempts).toBe(0);
  });

  it("patches through an exec_command heredoc for a model the CLI does not know", async () => {
    model.setScript([
      { kind: "patch", patch: FIX_PATCH },
      (request) => ({ kind: "text", text: `patched, exit ${request.lastToolOutput?.exitCode}` }),
    ]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(
      harness,
      turnInput({ workingDirectory: repo.dir, model: "gpt-4.1-mini" }),
    );

    expect(model.requests[0]?.offersFreeformPatch).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "warning", message: expect.stringContaining("gpt-4.1-mini") }),
    );
    expect(lastEvent(events)).toEqual({ type: "completed", finalMessage: "patched, exit 0" });
    expect(readFileSync(join(repo.dir, "sum.js"), "utf8")).toBe("module.exports = (a, b) => a + b;\n");
  });

  it("lets the model poll a command that outlives its first wait", async () => {
    model.setScript([
      { kind: "exec", cmd: "sleep 1; echo slow done", yieldTimeMs: 250 },
      (request) => ({ kind: "poll", sessionId: request.lastToolOutput?.sessionId ?? -1, yieldTimeMs: 5_000 }),
      (request) => ({ kind: "text", text: `exit ${request.lastToolOutput?.exitCode}` }),
    ]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));

    expect(model.requests[1]?.lastToolOutput?.sessionId).toEqual(expect.any(Number));
    expect(model.requests[2]?.lastToolOutput).toMatchObject({ tool: "write_stdin", exitCode: 0 });
    expect(commands(events)).toEqual([
      expect.objectContaining({
        command: "sleep 1; echo slow done",
        exitCode: 0,
        output: expect.stringContaining("slow done"),
      }),
    ]);
    expect(lastEvent(events)).toEqual({ type: "completed", finalMessage: "exit 0" });
  });

  it("stops a long command at once when the turn is aborted, leaving no process behind", async () => {
    model.setScript([{ kind: "exec", cmd: "sleep 61.25 & sleep 62.25", yieldTimeMs: 30_000 }]);
    const { harness } = fixture.worker(model.url);
    const stop = new AbortController();

    const events = await collectTurn(
      harness,
      turnInput({ workingDirectory: repo.dir }),
      stop.signal,
      (event) => {
        if (event.type === "command" && event.status === "running") setTimeout(() => stop.abort(), 300);
      },
    );

    expect(lastEvent(events)).toEqual({
      type: "failed",
      reason: "aborted",
      message: expect.stringContaining("stopped"),
    });
    expect(livingProcessesWith("sleep 61.25")).toEqual([]);
    expect(livingProcessesWith(repo.dir)).toEqual([]);
  });
});
