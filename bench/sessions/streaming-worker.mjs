// One `baton worker` for bench:sessions, in a process of its own (its CPU is measured by pid),
// with an agent backend that streams a status every BENCH_STATUS_EVERY_MS for BENCH_STREAM_S
// seconds and then finishes. Its summary carries the moment it finished (`endedAt=<ms>`), so
// that the benchmark measures from a turn's end to its result in the thread. It prints when each
// turn's agent started (`agent-started <ms> <prompt>`), so that the comparator that relays the same
// agent starts it when Baton did: a GitHub turn's agent waits for the installation's writes.
//   node bench/sessions/streaming-worker.mjs  (built code, as `npm start` runs; env from the benchmark)
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { startBaton } from "@baton/server";
import { streamStatuses } from "./streaming-agent.mjs";

const STREAM_MS = Number(process.env.BENCH_STREAM_S ?? 60) * 1000;
const STATUS_EVERY_MS = Number(process.env.BENCH_STATUS_EVERY_MS ?? 1000);
const backend = {
  name: "streaming",
  run: (turn, signal) => {
    process.stdout.write(`agent-started ${Date.now()} ${JSON.stringify(turn.prompt)}\n`);
    return streamStatuses({
      streamMs: STREAM_MS,
      everyMs: STATUS_EVERY_MS,
      signal,
      summaryAt: (endedAt) => `finished ${turn.prompt} endedAt=${endedAt}`,
    });
  },
  async stop() {},
};

/**
 * With BENCH_CPU_PROFILE=<dir>, the worker profiles itself from ready until SIGTERM and writes
 * <dir>/worker-<pid>.cpuprofile before it closes (node's --cpu-prof writes only on a clean exit,
 * which a loaded worker killed at the end of the run may not reach in time).
 */
async function startProfile(dir) {
  if (!dir) return async () => {};
  const inspector = new Session();
  inspector.connect();
  await inspector.post("Profiler.enable");
  await inspector.post("Profiler.start");
  return async () => {
    const { profile } = await inspector.post("Profiler.stop");
    writeFileSync(`${dir}/worker-${process.pid}.cpuprofile`, JSON.stringify(profile));
  };
}

const baton = await startBaton({ mode: "worker", env: process.env, backend });
const stopProfile = await startProfile(process.env.BENCH_CPU_PROFILE);
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await stopProfile().catch((error) => console.error(error));
  await baton.close().catch(() => {});
  process.exit(0);
});
