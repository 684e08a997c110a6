import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

// The real `baton` process (from the sources, as `npx baton` runs the build of them): exit codes,
// stdout and stderr as a shell sees them. The cases of every command are in run-baton-cli.test.ts.
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "server/src/cli.ts");
const VERSION = JSON.parse(readFileSync(join(ROOT, "server/package.json"), "utf8")).version;
/** A line of a Node stack trace. */
const STACK_LINE = /^\s+at .+[:(]/m;
/** Starting Node with tsx several times over is slow on a busy machine; this bounds a hang only. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function baton(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--conditions=@baton/source", "--import", "tsx", CLI, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "", ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe("the baton process", { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it("prints usage with exit 0 for --help, and its version", async () => {
    const [help, version] = await Promise.all([baton(["gateway", "--help"]), baton(["--version"])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: baton gateway \[--port PORT\]\n/);
    expect(help.stderr).toBe("");
    expect(version).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
  });

  it("answers a bad option with one line and the usage on stderr, exit 2, and no stack trace", async () => {
    const run = await baton(["gateway", "--bogus"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    const [first, blank, usage] = run.stderr.split("\n");
    expect([first, blank, usage]).toEqual([
      "baton gateway: unknown option '--bogus'",
      "",
      "Usage: baton gateway [--port PORT]",
    ]);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  describe("doctor with the fake Slack", () => {
    let slack: FakeSlack;
    beforeAll(async () => {
      slack = await startFakeSlack({ validTokens: ["xoxb-good"] });
    });
    afterAll(() => slack.close());
    const env = (token: string) => ({
      REDIS_URL: process.env.REDIS_URL ?? inject("redisUrl"),
      SLACK_API_URL: slack.url,
      SLACK_BOT_TOKEN: token,
      SLACK_SIGNING_SECRET: "signing-secret",
    });

    it("exits 0 with ✓ for a good token, and 1 with ✗ and a fix for a bad one", async () => {
      const [good, bad] = await Promise.all([
        baton(["doctor"], env("xoxb-good")),
        baton(["doctor"], env("xoxb-bad")),
      ]);
      expect(good.code).toBe(0);
      expect(good.stdout).toMatch(/^ {2}✓ auth\.test: bot @/m);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toContain(
        "  ✗ auth.test: Slack refused SLACK_BOT_TOKEN (invalid_auth)\n    fix: Reinstall the app",
      );
      for (const run of [good, bad]) {
        expect(run.stderr).toBe("");
        expect(run.stdout).not.toMatch(/xoxb-(good|bad)/);
      }
    });
  });
});
