#!/usr/bin/env node
// Makes sure a Redis is at hand before tests run or Baton starts:
// - REDIS_URL set, or something answers on 127.0.0.1:6379 → nothing to do;
// - else a `redis-server` binary is needed (tests and `baton start` launch a private one):
//   installed from Debian's packages when we are root, or a one-line message says how.

import { execFileSync } from "node:child_process";
import { connect } from "node:net";
import { aptInstall, canAptInstall } from "./apt-install.mjs";

function redisAnswers(host = "127.0.0.1", port = 6379, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

function hasRedisServer() {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

if (process.env.REDIS_URL || (await redisAnswers())) process.exit(0);
if (hasRedisServer()) process.exit(0);

if (!canAptInstall()) {
  console.error(
    "baton: no Redis found. Install one (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: `brew install redis`) or set REDIS_URL=redis://host:6379.",
  );
  process.exit(1);
}
aptInstall("redis-server");
