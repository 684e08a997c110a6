// Runs the ingest benchmark's load generators, each in its own process, and reads back what they
// measured: wrk at full speed, and the paced client at a fixed rate.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const WRK_SCRIPT = fileURLToPath(new URL("deliveries.lua", import.meta.url));
const PACED_CLIENT = fileURLToPath(new URL("paced-client.mjs", import.meta.url));
/** wrk's own per-request timeout; a request slower than this is an error, not a latency. */
const WRK_TIMEOUT = "10s";

function run(command, args) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/**
 * wrk with `connections` connections for `seconds`, sending the deliveries of `file`. Resolves to
 * requests/s answered 2xx, p50/p99 in ms, the requests answered 4xx/5xx (refused), those that got
 * no answer (failed: connection errors, timeouts), and how many repeated an already-sent delivery
 * (only when the file ran out).
 */
export async function runWrk({ port, file, seconds, connections, threads, runId }) {
  const stdout = await run("wrk", [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    `--timeout=${WRK_TIMEOUT}`,
    "-s",
    WRK_SCRIPT,
    `http://127.0.0.1:${port}`,
    "--",
    file,
    String(threads),
    runId,
  ]);
  const line = stdout.split("\n").find((l) => l.startsWith("WRK_RESULT "));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const r = JSON.parse(line.slice("WRK_RESULT ".length));
  const failed = r.connectErrors + r.readErrors + r.writeErrors + r.timeouts;
  return {
    requests: r.requests,
    okPerS: (r.requests - failed - r.statusErrors) / (r.durationUs / 1e6),
    p50Ms: r.p50Us / 1000,
    p99Ms: r.p99Us / 1000,
    refused: r.statusErrors,
    failed,
    repeated: r.repeated,
  };
}

/** The paced client at `rate` requests/s for `seconds`: its JSON result (see paced-client.mjs). */
export async function runPaced({ port, file, rate, seconds, runId }) {
  const stdout = await run("node", [
    PACED_CLIENT,
    `http://127.0.0.1:${port}`,
    file,
    String(rate),
    String(seconds),
    runId,
  ]);
  return JSON.parse(stdout.trim().split("\n").at(-1));
}
