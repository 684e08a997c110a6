// The ingest benchmark's fixed-rate client, run in its own process (wrk in Debian has no fixed
// rate): sends the requests of a deliveries file at RATE per second for SECONDS, open loop, and
// prints one JSON line with the latency percentiles. Latency counts from the moment a request was
// due, not from when it left, so a server that falls behind shows it (no coordinated omission).
//   node paced-client.mjs URL FILE RATE SECONDS RUN_ID
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { FRESH_ID, readDeliveriesFile } from "./deliveries-file.mjs";

const [url, file, rateArg, secondsArg, runId] = process.argv.slice(2);
const rate = Number(rateArg);
const seconds = Number(secondsArg);
/** Longest a request may take before it counts as an error; far beyond any target. */
const REQUEST_TIMEOUT_MS = 10_000;
const TICK_MS = 1;

const deliveries = readDeliveriesFile(file);
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const { hostname, port } = new URL(url);
const latenciesMs = [];
let sent = 0;
let ok = 0;
let refused = 0;
let failed = 0;
let repeated = 0;

function send(dueAt) {
  const delivery = deliveries[sent % deliveries.length];
  if (sent >= deliveries.length && !Object.values(delivery.headers).includes(FRESH_ID)) repeated++;
  const headers = { ...delivery.headers };
  for (const name of Object.keys(headers)) {
    if (headers[name] === FRESH_ID) headers[name] = `${runId}-${sent}`;
  }
  sent++;
  return new Promise((resolve) => {
    const req = request(
      { agent, hostname, port, method: "POST", path: delivery.path, headers, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on("end", () => {
          latenciesMs.push(performance.now() - dueAt);
          if (response.statusCode >= 200 && response.statusCode < 300) ok++;
          else refused++;
          resolve();
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => {
      failed++;
      resolve();
    });
    req.end(delivery.body);
  });
}

const pending = new Set();
const start = performance.now();
const total = Math.round(rate * seconds);
/** How long sending took: more than `seconds` means this client could not keep the pace. */
let sendingS = 0;
await new Promise((resolve) => {
  const tick = () => {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) * rate) / 1000));
    while (sent < due) {
      const dueAt = start + (sent * 1000) / rate;
      const inFlight = send(dueAt).then(() => pending.delete(inFlight));
      pending.add(inFlight);
    }
    if (sent >= total) {
      sendingS = (performance.now() - start) / 1000;
      return resolve();
    }
    setTimeout(tick, TICK_MS);
  };
  tick();
});
await Promise.all(pending);
agent.destroy();

latenciesMs.sort((a, b) => a - b);
const at = (p) => latenciesMs[Math.min(latenciesMs.length - 1, Math.floor((latenciesMs.length * p) / 100))];
process.stdout.write(
  `${JSON.stringify({ sent, ok, refused, failed, repeated, achievedPerS: sent / sendingS, p50Ms: at(50), p99Ms: at(99), maxMs: latenciesMs.at(-1) })}\n`,
);
