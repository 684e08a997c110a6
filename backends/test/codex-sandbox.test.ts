import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
  lastEvent,
  livingProcessesWith,
  MODEL_KEY,
  turnInput,
} from "./codex-harness-fixture.js";

// What the agent's commands can and cannot do, checked with the real CLI and its real sandbox.
const WORKER_SECRET = "ghs_worker_secret_that_must_not_leak";

let fixture: Awaited<ReturnType<typeof createHarnessFixture>>;
let model: FakeResponses;
let repo: TestGitRepository;
let outside: string;
let loopback: Server;
let loopbackHits: number;
let loopbackUrl: string;
beforeEach(async () => {
  fixture = await createHarnessFixture();
  model = await startFakeResponses({ apiKey: MODEL_KEY });
  repo = createTestGitRepository({ files: { "README.md": "# demo\n" } });
  // Outside the workspace but not under /tmp (which the sandbox makes read-only on its own).
  outside = fixture.scratchDir("outside-");
  loopbackHits = 0;
  loopback = createServer((_req, res) => {
    loopbackHits += 1;
    res.end("reached");
  });
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  loopbackUrl = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/`;
  process.env.BATON_TEST_GITHUB_TOKEN = WORKER_SECRET;
});
afterEach(async () => {
  delete process.env.BATON_TEST_GITHUB_TOKEN;
  await new Promise<void>((resolve) => loopback.close(() => resolve()));
  await model.close();
  repo.cleanup();
  await fixture.cleanup();
});

const fetchLoopback = () =>
  `node -e "fetch('${loopbackUrl}').then(() => process.exit(0), () => process.exit(7))"`;

// What the commands met, as the CLI told the model. The CLI's event stream now and then leaves out
// a command that ends within a millisecond, so the harness's events are not the record of them.
const exitCodesSeen = () => (model.requests.at(-1)?.toolOutputs ?? []).map((output) => output.exitCode);

function finished(events: HarnessEvent[]) {
  return events.flatMap((event) => (event.type === "command" && event.status !== "running" ? [event] : []));
}

describe("the agent's commands in the codex sandbox", () => {
  it("cannot write outside the workspace, see the worker's secrets, or reach the network", async () => {
    model.setScript([
      { kind: "exec", cmd: `echo escaped > ${outside}/escape.txt` },
      { kind: "exec", cmd: "echo escaped > /tmp/baton-escape-$$.txt" },
      { kind: "exec", cmd: "env; cat /proc/1/environ; git config --list --show-origin" },
      { kind: "exec", cmd: fetchLoopback() },
      { kind: "exec", cmd: 'echo kept > "$TMPDIR/scratch" && echo made > made.txt && cat "$TMPDIR/scratch"' },
      { kind: "text", text: "done" },
    ]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));

    const [outsideWrite, tmpWrite, environment, network, workspaceWrite] =
      model.requests.at(-1)?.toolOutputs ?? [];
    expect(outsideWrite).toMatchObject({
      exitCode: 1,
      text: expect.stringContaining("Read-only file system"),
    });
    expect(existsSync(join(outside, "escape.txt"))).toBe(false);
    expect(tmpWrite).toMatchObject({ exitCode: 1, text: expect.stringContaining("Read-only file system") });
    expect(environment?.text).toContain("PATH=");
    expect(environment?.text).not.toContain(WORKER_SECRET);
    expect(environment?.text).not.toContain(MODEL_KEY);
    expect(environment?.text).not.toContain("BATON_");
    expect(network).toMatchObject({ exitCode: 7 });
    expect(loopbackHits).toBe(0);
    expect(workspaceWrite).toMatchObject({ exitCode: 0, text: expect.stringContaining("kept\n") });
    expect(existsSync(join(repo.dir, "made.txt"))).toBe(true);
    expect(finished(events)).toContainEqual(expect.objectContaining({ status: "failed", exitCode: 7 }));
    expect(lastEvent(events)).toEqual({ type: "completed", finalMessage: "done" });
  });

  it("reaches the network when the catalog turns it on", async () => {
    model.setScript([
      { kind: "exec", cmd: fetchLoopback() },
      { kind: "text", text: "fetched" },
    ]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir, network: true }));

    expect(events.at(-1)).toEqual({ type: "completed", finalMessage: "fetched" });
    expect(exitCodesSeen()).toEqual([0]);
    expect(loopbackHits).toBe(1);
  });
});

describe("what widens the sandbox, and what cannot", () => {
  it("lets commands write the turn's other writable roots (an environment's repositories)", async () => {
    model.setScript([
      { kind: "exec", cmd: `echo shared > ${outside}/beside.txt` },
      { kind: "text", text: "wrote" },
    ]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(
      harness,
      turnInput({ workingDirectory: repo.dir, writableRoots: [outside] }),
    );

    expect(events.at(-1)).toEqual({ type: "completed", finalMessage: "wrote" });
    expect(exitCodesSeen()).toEqual([0]);
    expect(existsSync(join(outside, "beside.txt"))).toBe(true);
  });

  it("ignores a repository's own .codex/config.toml that would loosen it", async () => {
    repo.commit({
      files: {
        ".codex/config.toml": [
          'sandbox_mode = "danger-full-access"',
          "[shell_environment_policy]",
          'inherit = "all"',
          "[sandbox_workspace_write]",
          "network_access = true",
          "",
        ].join("\n"),
      },
    });
    model.setScript([
      { kind: "exec", cmd: `echo escaped > ${outside}/escape.txt` },
      { kind: "exec", cmd: fetchLoopback() },
      { kind: "text", text: "tried" },
    ]);
    const { harness } = fixture.worker(model.url);

    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));

    expect(events.at(-1)).toEqual({ type: "completed", finalMessage: "tried" });
    expect(exitCodesSeen()).toEqual([1, 7]);
    expect(existsSync(join(outside, "escape.txt"))).toBe(false);
    expect(loopbackHits).toBe(0);
  });
});

describe("runSandboxed (for .baton/setup.sh)", () => {
  const limits = { writableRoots: [], network: false, timeoutMs: 20_000 };

  it("writes the workspace, not beside it, with nothing of the worker's environment", async () => {
    const { harness } = fixture.worker(model.url);
    const script = `echo setup > done.txt; echo x > ${outside}/escape.txt; echo "escape=$?"; env; ${fetchLoopback()}; echo "net=$?"`;

    const result = await harness.runSandboxed(
      ["sh", "-c", script],
      { cwd: repo.dir, ...limits },
      new AbortController().signal,
    );

    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    expect(existsSync(join(repo.dir, "done.txt"))).toBe(true);
    expect(existsSync(join(outside, "escape.txt"))).toBe(false);
    expect(result.output).toMatch(/escape=[1-9]/);
    expect(result.output).toContain("net=7");
    expect(result.output).not.toContain(WORKER_SECRET);
    expect(result.output).not.toContain(MODEL_KEY);
    expect(loopbackHits).toBe(0);
  });

  it("ends a command that runs over its time and everything it started", async () => {
    const { harness } = fixture.worker(model.url);

    const result = await harness.runSandboxed(
      ["sh", "-c", "sleep 63.25 & sleep 64.25"],
      { cwd: repo.dir, ...limits, timeoutMs: 500 },
      new AbortController().signal,
    );

    expect(result).toMatchObject({ exitCode: null, timedOut: true });
    expect(livingProcessesWith("sleep 63.25")).toEqual([]);
  });

  it("passes the startup check on this machine", async () => {
    const { harness } = fixture.worker(model.url);

    expect(await harness.check(new AbortController().signal)).toEqual({
      ok: true,
      version: "codex-cli 0.169.0",
    });
  });
});

describe("a machine whose kernel refuses the sandbox", () => {
  // A stand-in for the CLI on such a machine: it runs, but its sandbox cannot start.
  const REFUSING_CLI = [
    "#!/bin/sh",
    'case "$1" in',
    '  --version) echo "codex-cli 0.169.0" ;;',
    '  sandbox) echo "bwrap: setting up uid map: Permission denied" >&2; exit 1 ;;',
    '  *) echo "ran without a sandbox" > "$HOME/ran"; exit 0 ;;',
    "esac",
    "",
  ].join("\n");

  it("fails the check with the fix, and refuses to run a turn", async () => {
    const executable = join(outside, "codex");
    writeFileSync(executable, REFUSING_CLI);
    chmodSync(executable, 0o755);
    const { harness, dataDir } = fixture.worker(model.url, { binary: { executable, pathDirs: [] } });

    const check = await harness.check(new AbortController().signal);
    const events = await collectTurn(harness, turnInput({ workingDirectory: repo.dir }));

    expect(check).toEqual({
      ok: false,
      reason: expect.stringContaining("uid map: Permission denied"),
      fix: expect.stringContaining("unprivileged user namespaces"),
    });
    expect(events).toEqual([
      { type: "failed", reason: "sandbox", message: expect.stringContaining("cannot run the agent") },
    ]);
    expect(existsSync(join(dataDir, "codex-home", "ran"))).toBe(false);
    expect(model.requests).toEqual([]);
  });
});
