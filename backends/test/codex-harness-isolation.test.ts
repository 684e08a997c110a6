import { chmodSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestGitRepository, type FakeResponses, startFakeResponses } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveCodexBinary } from "../src/codex/harness/codex/resolve-codex-binary.js";
import { collectTurn, createHarnessFixture, MODEL_KEY, turnInput } from "./codex-harness-fixture.js";

/** The turns' own CODEX_HOMEs still on disk (the CLI's helpers keep a `tmp` of their own beside them). */
const turnHomesLeft = (codexHome: string) =>
  readdirSync(codexHome).filter((name) => name.startsWith("turn-"));

// What one session leaves on a worker, and what one person's stop does to another's turn.
describe("the codex harness keeps sessions apart on one worker", () => {
  let fixture: Awaited<ReturnType<typeof createHarnessFixture>>;
  let model: FakeResponses;
  beforeEach(async () => {
    fixture = await createHarnessFixture();
    model = await startFakeResponses({ apiKey: MODEL_KEY });
  });
  afterEach(async () => {
    await model.close();
    await fixture.cleanup();
  });

  it("leaves no session's thread in CODEX_HOME, where a later session's commands could read it", async () => {
    const { harness, dataDir } = fixture.worker(model.url);
    const codexHome = join(dataDir, "codex-home");
    const alicesRepo = createTestGitRepository({ files: { "README.md": "alice\n" } });
    const bobsRepo = createTestGitRepository({ files: { "README.md": "bob\n" } });
    try {
      // Alice's turn: her request, and what her command printed (computed, so that only the
      // command's output holds it, not the script the model was given).
      model.setScript([
        { kind: "exec", cmd: "echo ALICE-COMMAND-OUTPUT-$((6*7))" },
        { kind: "text", text: "done" },
      ]);
      const alice = turnInput({
        workingDirectory: alicesRepo.dir,
        prompt: "ALICE-PRIVATE-REQUEST rotate our key",
      });
      expect((await collectTurn(harness, alice)).at(-1)).toMatchObject({ type: "completed" });
      expect(await fixture.threadStore.load(alice.sessionId)).toBeDefined(); // kept in Redis
      expect(turnHomesLeft(codexHome)).toEqual([]);

      // Bob's turn, later, on the same worker: its command searches the whole CODEX_HOME.
      model.setScript([
        {
          kind: "exec",
          cmd: `grep -r -a -o -h -E 'ALICE-(PRIVATE-REQUEST|COMMAND-OUTPUT-42)' ${codexHome} | sort -u; echo searched`,
        },
        { kind: "text", text: "looked" },
      ]);
      const bob = turnInput({ workingDirectory: bobsRepo.dir, prompt: "Bob's request" });
      expect((await collectTurn(harness, bob)).at(-1)).toMatchObject({ type: "completed" });
      const seen = model.requests.at(-1)?.toolOutputs[0]?.text ?? "";
      expect(seen).toContain("searched");
      expect(seen).not.toContain("ALICE-PRIVATE-REQUEST");
      expect(seen).not.toContain("ALICE-COMMAND-OUTPUT-42");
      expect(turnHomesLeft(codexHome)).toEqual([]);
    } finally {
      alicesRepo.cleanup();
      bobsRepo.cleanup();
    }
  }, 60_000);

  it("one person's stop during the worker's first sandbox check fails no other person's turn", async () => {
    const real = resolveCodexBinary();
    if (!real.ok) throw new Error(real.reason);
    // The real CLI, slow to answer `--version` (a cold start on a busy worker).
    const dir = fixture.scratchDir("slow-cli-");
    const executable = join(dir, "codex");
    writeFileSync(
      executable,
      `#!/bin/sh\n[ "$1" = --version ] && sleep 1\nexec '${real.binary.executable}' "$@"\n`,
    );
    chmodSync(executable, 0o755);
    const { harness } = fixture.worker(model.url, { binary: { executable, pathDirs: real.binary.pathDirs } });
    model.setScript([{ kind: "text", text: "done" }]);
    const repoA = createTestGitRepository({ files: { "a.txt": "a\n" } });
    const repoB = createTestGitRepository({ files: { "b.txt": "b\n" } });
    try {
      const stopA = new AbortController();
      const turnA = collectTurn(harness, turnInput({ workingDirectory: repoA.dir }), stopA.signal);
      const turnB = collectTurn(harness, turnInput({ workingDirectory: repoB.dir }));
      setTimeout(() => stopA.abort(), 200); // Alice stops her own turn while the check runs
      const [eventsA, eventsB] = await Promise.all([turnA, turnB]);
      expect(eventsA.at(-1)).toMatchObject({ type: "failed", reason: "aborted" });
      expect(eventsB.at(-1)).toEqual({ type: "completed", finalMessage: "done" });
    } finally {
      repoA.cleanup();
      repoB.cleanup();
    }
  }, 60_000);
});
