#!/usr/bin/env node
import type { CliIo } from "@baton/core";
import { BATON_COMMANDS } from "./cli/baton-commands.js";
import { runBatonCli } from "./cli/run-baton-cli.js";

const io: CliIo = {
  env: process.env,
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};

runBatonCli(process.argv.slice(2), io, BATON_COMMANDS).then((code) => {
  process.exitCode = code;
  // Whatever a library left scheduled must not keep a stopped Baton alive.
  setTimeout(() => process.exit(code), 2_000).unref();
});
