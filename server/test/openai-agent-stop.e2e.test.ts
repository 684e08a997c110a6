import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AgentConversation,
  type AgentMemory,
  createOpenAIBackend,
  createWorkspaceCache,
} from "@baton/backends";
import { catalogSchema, silentLogger } from "@baton/core";
import {
  createTestGitRepository,
  type FakeOpenAI,
  startFakeOpenAI,
  type TestGitRepository,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

/** Conversations kept in this process: these tests are about stopping, not about memory. */
function memoryInProcess(): AgentMemory {
  const saved = new Map<string, AgentConversation>();
  return {
    load: async (id) => saved.get(id) ?? { version: 1, turns: [] },
    save: async (id, conversation) => {
      saved.set(id, conversation);
    },
  };
}

describe("stopping the openai backend", () => {
  let t: TestBaton;
  let fake: FakeOpenAI;
  let repo: TestGitRepository;
  let dir: string;
  let marker: string;

  beforeEach(async () => {
    repo = createTestGitRepository({ files: { "src/app.ts": "export const answer = 42;\n" } });
    dir = mkdtempSync(join(tmpdir(), "baton-stop-"));
    marker = join(dir, "grep.pid");
    // git, except that `git grep` hangs (as on a huge repository) after saying which process it is.
    const slowGit = join(dir, "slow-git.sh");
    writeFileSync(
      slowGit,
      `#!/bin/sh\nfor arg in "$@"; do\n  if [ "$arg" = "grep" ]; then echo $$ > ${JSON.stringify(marker)}; exec sleep 60; fi\ndone\nexec git "$@"\n`,
    );
    chmodSync(slowGit, 0o755);
    fake = await startFakeOpenAI();
    const catalogYaml = `
repositories:
  - repo: acme/web
    path: ${JSON.stringify(repo.dir)}
slack:
  channels:
    C0HALT: { target: acme/web }
`;
    const backend = createOpenAIBackend({
      baseUrl: fake.url,
      apiKey: "sk-test",
      defaultModel: "gpt-4.1-mini",
      workspaces: createWorkspaceCache({
        dir: join(dir, "workspaces"),
        catalog: catalogSchema.parse({ repositories: [{ repo: "acme/web", path: repo.dir }] }),
        logger: silentLogger,
      }),
      memory: memoryInProcess(),
      git: slowGit,
      logger: silentLogger,
    });
    t = await startTestBaton({ catalogYaml, backend });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a stop in the middle of a tool call kills the tool at once, asks the model nothing more, and says it stopped", async () => {
    const slack = slackActions(t);
    fake.setScript([
      { kind: "tool_calls", calls: [{ name: "search", arguments: { pattern: "answer" } }] },
      { kind: "text", content: "never asked" },
    ]);
    const { ts: threadTs } = await slack.mention({ channel: "C0HALT", text: "where is the answer?" });
    await eventually(
      "the search to be running",
      () => existsSync(marker) && readFileSync(marker, "utf8").trim() !== "",
    );
    const pid = Number(readFileSync(marker, "utf8").trim());
    expect(isRunning(pid)).toBe(true);

    await slack.mention({ channel: "C0HALT", threadTs, text: "stop" });
    await eventually("the stopped result", () =>
      callsIn(t, "chat.postMessage", "C0HALT").find((c) => textOf(c).includes("Stopped")),
    );
    await eventually("the tool's process to be gone", () => !isRunning(pid));
    expect(fake.requests).toHaveLength(1);
  });

  it("a stop in the middle of a model call aborts the call", async () => {
    const slack = slackActions(t);
    fake.setScript([{ kind: "text", content: "too late", delayMs: 60_000 }]);
    const { ts: threadTs } = await slack.mention({ channel: "C0HALT", text: "think hard" });
    await eventually("the model call", () => fake.requests.length === 1);
    await slack.mention({ channel: "C0HALT", threadTs, text: "stop" });
    await eventually("the stopped result", () =>
      callsIn(t, "chat.postMessage", "C0HALT").find((c) => textOf(c).includes("Stopped")),
    );
    expect(callsIn(t, "chat.postMessage", "C0HALT").some((c) => textOf(c).includes("too late"))).toBe(false);
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
