import { readFileSync } from "node:fs";
import { BatonError, type CliCommand } from "@baton/core";
import { describe, expect, it } from "vitest";
import { BATON_COMMANDS } from "./baton-commands.js";
import { runBatonCli } from "./run-baton-cli.js";

const VERSION = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;
const STACK_LINE = /^\s+at .+[:(]/m;

async function cli(argv: string[], commands: readonly CliCommand[] = BATON_COMMANDS, env = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runBatonCli(
    argv,
    { env, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) },
    commands,
  );
  return { code, stdout: stdout.join("\n"), stderr: stderr.join("\n") };
}

function failing(error: unknown): CliCommand {
  return {
    name: "fail",
    summary: "fails",
    usage: "Usage: baton fail",
    run: async () => {
      throw error;
    },
  };
}

describe("runBatonCli", () => {
  it("prints usage and exits 0 for --help at every level, without running anything", async () => {
    const cases = [
      ["--help"],
      ["-h"],
      ["help"],
      ["help", "doctor"],
      ["start", "--help"],
      ["gateway", "--help"],
      ["worker", "-h"],
      ["doctor", "--help"],
      ["classify", "--help"],
      ["share", "--help"],
      ["share", "create", "--help"],
      ["share", "revoke", "abc", "-h"],
      ["slack", "manifest", "--help"],
    ];
    for (const argv of cases) {
      const run = await cli(argv);
      expect({ argv, code: run.code, stderr: run.stderr }).toEqual({ argv, code: 0, stderr: "" });
      expect(run.stdout).toMatch(/^Usage: baton /);
    }
    const top = await cli(["--help"]);
    const listed = top.stdout.split("\n");
    for (const { name, summary } of BATON_COMMANDS) {
      const line = listed.find((l) => l.startsWith(`  ${name} `));
      expect(line?.endsWith(` ${summary}`)).toBe(true);
    }
    expect((await cli(["help", "doctor"])).stdout).toMatch(/^Usage: baton doctor/);
    expect((await cli(["gateway", "--help"])).stdout).toMatch(/^Usage: baton gateway \[--port PORT\]/);
  });

  it("prints the version of @baton/server", async () => {
    expect(await cli(["--version"])).toEqual({ code: 0, stdout: VERSION, stderr: "" });
    expect((await cli(["-v"])).stdout).toBe(VERSION);
  });

  it("answers an unknown command or option with one line, a blank line and the usage, exit 2", async () => {
    const cases: Array<[string[], string, RegExp]> = [
      [["deploy"], "baton: unknown command 'deploy'", /^Usage: baton <command>/],
      [["--bogus"], "baton: unknown option '--bogus'", /^Usage: baton <command>/],
      [["help", "deploy"], "baton help: unknown command 'deploy'", /^Usage: baton <command>/],
      [["gateway", "--bogus"], "baton gateway: unknown option '--bogus'", /^Usage: baton gateway/],
      [["start", "--port"], "baton start: option '--port <value>' argument missing", /^Usage: baton start/],
      [["worker", "extra"], "baton worker: unexpected argument 'extra'", /^Usage: baton worker/],
      [["doctor", "--fix"], "baton doctor: unknown option '--fix'", /^Usage: baton doctor/],
      [["classify", "--bogus", "hi"], "baton classify: unknown option '--bogus'", /^Usage: baton classify/],
      [["share", "frobnicate"], 'baton share: unknown command "frobnicate".', /^Usage: baton share/],
      [
        ["slack", "manifest", "--url"],
        "baton slack: option '--url <value>' argument missing",
        /^Usage: baton slack/,
      ],
    ];
    for (const [argv, problem, usage] of cases) {
      const run = await cli(argv);
      const [first, blank, ...rest] = run.stderr.split("\n");
      expect({ argv, code: run.code, first, blank, stdout: run.stdout }).toEqual({
        argv,
        code: 2,
        first: problem,
        blank: "",
        stdout: "",
      });
      expect(rest.join("\n")).toMatch(usage);
    }
  });

  it("treats --help after -- as an argument of the command", async () => {
    let received: string[] = [];
    const echo: CliCommand = {
      name: "echo",
      summary: "echoes",
      usage: "Usage: baton echo",
      run: async (args) => {
        received = args;
        return 0;
      },
    };
    expect((await cli(["echo", "--", "--help"], [echo])).code).toBe(0);
    expect(received).toEqual(["--", "--help"]);
  });

  it("says what to fix for a setup error, exit 1, no stack", async () => {
    const run = await cli(["fail"], [failing(new BatonError("config_invalid", "Set FOO to something."))]);
    expect(run).toEqual({ code: 1, stdout: "", stderr: "baton fail: Set FOO to something." });
  });

  it("prints a bug as one line, and its stack only when LOG_LEVEL=debug asks", async () => {
    const plain = await cli(["fail"], [failing(new TypeError("x is undefined"))]);
    expect(plain).toEqual({
      code: 1,
      stdout: "",
      stderr: "baton fail: unexpected error: x is undefined (LOG_LEVEL=debug shows where)",
    });
    const debug = await cli(["fail"], [failing(new TypeError("x is undefined"))], { LOG_LEVEL: "debug" });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(STACK_LINE);
    expect((await cli(["fail"], [failing("a string")])).stderr).toBe(
      "baton fail: unexpected error: a string (LOG_LEVEL=debug shows where)",
    );
  });
});
