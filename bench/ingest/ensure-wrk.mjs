// Makes sure wrk (the load generator of the ingest benchmark) is on PATH: installed from Debian's
// packages when we are root, the way scripts/ensure-redis.mjs installs redis-server, or a one-line
// message says how.
import { execFileSync } from "node:child_process";
import { aptInstall, canAptInstall, hasCommand } from "../../scripts/apt-install.mjs";

/** wrk's version line (`wrk 4.1.0 [epoll] …`), installing wrk first when it is missing. */
export function ensureWrk() {
  if (!hasCommand("wrk")) {
    if (!canAptInstall()) {
      console.error(
        "baton: the ingest benchmark needs wrk. Install it (Debian/Ubuntu: `sudo apt-get install wrk`, macOS: `brew install wrk`).",
      );
      process.exit(1);
    }
    aptInstall("wrk");
  }
  // `wrk --version` prints its banner and exits 1: read the banner either way.
  try {
    return execFileSync("wrk", ["--version"], { encoding: "utf8" }).split("\n")[0];
  } catch (error) {
    return String(error.stdout ?? "").split("\n")[0] || "wrk";
  }
}
