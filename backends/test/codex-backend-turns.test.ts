import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AgentBackend, type AgentEvent, type Artifact, silentLogger } from "@baton/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCodexBackend } from "../src/codex/create-codex-backend.js";
import type { CodingHarness, HarnessEvent, HarnessTurnInput } from "../src/codex/harness/coding-harness.js";
import { diffTurn } from "../src/codex/publish/diff-turn.js";
import { type CodexSessionFixture, createCodexSessionFixture, slackTurn } from "./codex-session-fixture.js";

let fixture: CodexSessionFixture;
beforeEach(async () => {
  fixture = await createCodexSessionFixture();
});
afterEach(() => fixture.cleanup());

const SESSION = "s_9c1e3f2a-5b7d-4e0f-9a1b-2c3d4e5f6a7b";

/** A harness whose agent does what the test scripts for each turn (in the worktree), then answers. */
function scriptedHarness(turns: Array<(input: HarnessTurnInput) => string>): CodingHarness {
  return {
    name: "scripted",
    check: async () => ({ ok: true, version: "test" }),
    async *runTurn(input): AsyncIterable<HarnessEvent> {
      const next = turns.shift();
      if (!next) throw new Error("no turn scripted");
      yield { type: "completed", finalMessage: next(input) };
    },
    runSandboxed: async () => ({ exitCode: 0, output: "", timedOut: false }),
    forget: async () => {},
  };
}

function backendOf(worker: ReturnType<CodexSessionFixture["worker"]>, harness: CodingHarness): AgentBackend {
  return createCodexBackend({
    harness,
    workspaces: worker.workspaces,
    publish: worker.publish,
    diffTurn: (workspace, signal) => diffTurn(workspace, signal),
    networkFor: () => false,
    keptArtifacts: async (sessionId) =>
      ((await worker.state.load(sessionId))?.repositories ?? []).flatMap(({ repo, pullRequest }) =>
        pullRequest
          ? [{ kind: "pull_request" as const, url: pullRequest.url, title: `${repo}#${pullRequest.number}` }]
          : [],
      ),
    defaultModel: "test-model",
    turnTimeoutMs: 60_000,
    logger: silentLogger,
  });
}

async function runTurn(backend: AgentBackend, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of backend.run(slackTurn(SESSION, prompt), new AbortController().signal))
    events.push(event);
  return events;
}

/** A turn the person stops when `stopAt` sees its event; the artifacts the worker keeps (none after the stop). */
async function runStopped(
  backend: AgentBackend,
  prompt: string,
  stopAt: (event: AgentEvent) => boolean,
): Promise<Artifact[]> {
  const controller = new AbortController();
  const artifacts: Artifact[] = [];
  for await (const event of backend.run(slackTurn(SESSION, prompt), controller.signal)) {
    if (controller.signal.aborted) break;
    if (event.type === "artifact") artifacts.push(event.artifact);
    if (stopAt(event)) controller.abort("stopped");
  }
  return artifacts;
}

const summaryOf = (events: AgentEvent[]) =>
  events.flatMap((event) => (event.type === "done" ? [event.summary] : [])).join("\n");

describe("the codex backend's turns", () => {
  it("pushes a refused turn's commits on the next turn, even when that turn changes nothing", async () => {
    const worker = fixture.worker("one");
    const backend = backendOf(
      worker,
      scriptedHarness([
        ({ workingDirectory }) => {
          writeFileSync(join(workingDirectory, "src/login.ts"), "export const retries = 3;\n");
          return "Retry login three times";
        },
        ({ workingDirectory }) => {
          writeFileSync(join(workingDirectory, "src/login.ts"), "export const retries = 5;\n");
          return "Retry login five times";
        },
        // "Try again": the change is already committed in the workspace; nothing left to edit.
        () => "The change is already made.",
      ]),
    );

    expect(summaryOf(await runTurn(backend, "fix the flaky login test"))).toContain(
      "Opened draft pull request",
    );
    const [pull] = fixture.github.pullRequestsOf("acme/api");
    const branch = pull?.pull?.headRef ?? "";
    fixture.github.git.protectBranch("acme/api", branch);
    const refused = summaryOf(await runTurn(backend, "make it five"));
    expect(refused).toContain("Could not push to acme/api: the branch is protected");
    expect(refused).toContain("ask again to retry");

    // The protection is lifted, and the person asks again.
    rmSync(join(fixture.github.git.root, "acme/api.git", "hooks", "pre-receive"));
    const retried = summaryOf(await runTurn(backend, "try again"));

    expect(fixture.github.git.git("acme/api", "show", `${branch}:src/login.ts`)).toBe(
      "export const retries = 5;",
    );
    expect(retried).toContain(`Pushed to pull request acme/api#${pull?.number}`);
    expect(fixture.github.pullRequestsOf("acme/api")).toHaveLength(1);
  });

  it("lists the pull request when the person stops a follow-up while its workspace opens", async () => {
    const worker = fixture.worker("one");
    const backend = backendOf(
      worker,
      scriptedHarness([
        ({ workingDirectory }) => {
          writeFileSync(join(workingDirectory, "src/login.ts"), "export const retries = 3;\n");
          return "Retry login three times";
        },
      ]),
    );
    await runTurn(backend, "fix the flaky login test");
    const [pull] = fixture.github.pullRequestsOf("acme/api");

    const kept = await runStopped(
      backend,
      "also add a timeout",
      (event) => event.type === "status" && event.message.startsWith("Opening"),
    );

    expect(kept).toEqual([
      {
        kind: "pull_request",
        url: expect.stringContaining(`/pull/${pull?.number}`),
        title: `acme/api#${pull?.number}`,
      },
    ]);
  });
});
