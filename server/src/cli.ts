#!/usr/bin/env node
import { BatonError } from "@baton/core";
import { runClassifyCommand } from "./cli/classify-command.js";
import type { CliIo } from "./cli/cli-io.js";
import { runGithubCommand } from "./cli/github-command.js";
import { runServeCommand } from "./cli/serve-command.js";
import { runShareCommand } from "./cli/share-command.js";
import { runSlackCommand } from "./cli/slack-command.js";

type Command = (args: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  start: {
    run: (args, io) => runServeCommand("all", args, io),
    summary: "gateway and worker in one process (default)",
  },
  gateway: {
    run: (args, io) => runServeCommand("gateway", args, io),
    summary: "only the HTTP gateway (webhooks in, share pages)",
  },
  worker: {
    run: (args, io) => runServeCommand("worker", args, io),
    summary: "only the worker (runs turns, posts replies)",
  },
  share: {
    run: runShareCommand,
    summary: "share links: list, create <sessionId>, revoke <shareId|sessionId>",
  },
  classify: {
    run: runClassifyCommand,
    summary: 'print the classifier\'s decision for a message: classify [--platform P] [--channel C] "text"',
  },
  slack: {
    run: runSlackCommand,
    summary: "print the Slack app manifest: slack manifest --url https://your-host | --socket-mode",
  },
  github: {
    run: runGithubCommand,
    summary: "print the GitHub App manifest (app.yml): github manifest --url https://your-host",
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, { summary }]) => `  ${name.padEnd(10)} ${summary}`);
  return ["Usage: baton <command> [options]", "", "Commands:", ...lines].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const io: CliIo = {
    env: process.env,
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  };
  const [name = "start", ...args] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout(usage());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`baton: unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    // Setup errors are written for people: say what is wrong and how to fix it, no stack.
    io.stderr(
      error instanceof BatonError
        ? `baton: ${error.message}`
        : `baton: ${(error as Error).stack ?? String(error)}`,
    );
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Whatever a library left scheduled must not keep a stopped Baton alive.
  setTimeout(() => process.exit(code), 2_000).unref();
});
