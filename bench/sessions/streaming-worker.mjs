// One `baton worker` for bench:sessions, in a process of its own (its CPU is measured by pid),
// with an agent backend that streams a status every BENCH_STATUS_EVERY_MS for BENCH_STREAM_S
// seconds and then finishes. Its summary carries the moment it finished (`endedAt=<ms>`), so
// that the benchmark measures from a turn's end to its result in the thread.
//   node --conditions=@baton/source --import tsx bench/sessions/streaming-worker.mjs  (env from the benchmark)
import { startBaton } from "@baton/server";

const STREAM_MS = Number(process.env.BENCH_STREAM_S ?? 60) * 1000;
const STATUS_EVERY_MS = Number(process.env.BENCH_STATUS_EVERY_MS ?? 1000);
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

const backend = {
  name: "streaming",
  async *run(turn, signal) {
    const end = Date.now() + STREAM_MS;
    for (let step = 0; Date.now() < end && !signal.aborted; step += 1) {
      yield { type: "status", message: `step ${step}` };
      await sleep(STATUS_EVERY_MS, signal);
    }
    yield { type: "done", summary: `finished ${turn.prompt} endedAt=${Date.now()}` };
  },
  async stop() {},
};

const baton = await startBaton({ mode: "worker", env: process.env, backend });
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await baton.close().catch(() => {});
  process.exit(0);
});
