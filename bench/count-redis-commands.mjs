// Preloaded into a benchmark's Baton process (`node --import ./bench/count-redis-commands.mjs`):
// counts the commands the process sends to Redis, by name, through every ioredis connection
// (BullMQ's included; a command in a pipeline or a transaction counts once, a Lua script's own
// calls not at all, as they cost no round trip), and writes the tally every 100 ms to
// `$BENCH_REDIS_COUNT_DIR/<pid>.json`, where the benchmark reads it at the start and the end of
// its clock. Nothing of Baton changes; the count costs a map update a command. A script's call
// (EVALSHA) is counted under the name it was defined with (`evalsha batonGateEnter`, BullMQ's
// `evalsha moveToFinished`), so that a change can be told from the tally.
import { createHash } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const dir = process.env.BENCH_REDIS_COUNT_DIR;
if (dir) {
  // The ioredis of the process's own checkout (its working directory), which may be another
  // checkout than this file's (BENCH_BATON_ROOT).
  const { Redis } = createRequire(join(process.cwd(), "package.json"))("ioredis");
  // BENCH_REDIS_COUNT_KEYS=1 adds the shape of each plain command's first key (`hget reply:*`).
  const withKeys = process.env.BENCH_REDIS_COUNT_KEYS === "1";
  const counts = new Map();
  const scriptNames = new Map();
  const define = Redis.prototype.defineCommand;
  Redis.prototype.defineCommand = function namedDefineCommand(name, definition) {
    // BullMQ names its scripts `<name>-<key count>`.
    const sha = createHash("sha1").update(definition.lua).digest("hex");
    scriptNames.set(sha, name.replace(/-\d+$/, ""));
    return define.call(this, name, definition);
  };
  const send = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function countedSendCommand(command, ...rest) {
    const script = command.name === "evalsha" ? scriptNames.get(String(command.args[0])) : undefined;
    const name = script
      ? `evalsha ${script}`
      : withKeys
        ? `${command.name} ${keyShape(command.args[0])}`
        : command.name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    return send.call(this, command, ...rest);
  };
  const file = join(dir, `${process.pid}.json`);
  // Written aside and renamed, so that the benchmark never reads a file half written.
  const write = () => {
    writeFileSync(`${file}.next`, JSON.stringify(Object.fromEntries(counts)));
    renameSync(`${file}.next`, file);
  };
  setInterval(write, 100).unref();
  process.on("exit", write);
}

/** A key without its prefix and ids: `bench-x:conv:{slack:T1:C1:1.2}:turn:t_ab` → `conv:{…}:turn:*`. */
function keyShape(key) {
  if (typeof key !== "string" && !Buffer.isBuffer(key)) return "";
  return String(key)
    .replace(/\{[^}]*\}/g, "{…}")
    .split(":")
    .slice(1)
    .map((part) => (/\d|^t_/.test(part) && part !== "{…}" ? "*" : part))
    .join(":");
}
