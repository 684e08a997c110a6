// The dispatch benchmark's baseline: a BullMQ worker that does nothing with its jobs, on the same
// Redis as Baton, with Baton's worker concurrency. Prints when it took its first job and when it
// finished its last, once it is told to stop (SIGTERM).
import { Worker } from "bullmq";
import { Redis } from "ioredis";

// node bench/noop-worker.mjs <redis url> <queue prefix> <queue name> <concurrency>
const [redisUrl, prefix, queueName, concurrency] = process.argv.slice(2);
const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
let firstAt = 0;
let lastAt = 0;
let processed = 0;
let cpuAtFirstMs = 0;
let cpuAtLastMs = 0;
const cpuNowMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const worker = new Worker(
  queueName,
  async () => {
    if (!firstAt) {
      firstAt = Date.now();
      cpuAtFirstMs = cpuNowMs();
    }
  },
  { connection, prefix, concurrency: Number(concurrency) },
);
worker.on("completed", () => {
  processed += 1;
  lastAt = Date.now();
  cpuAtLastMs = cpuNowMs();
});
process.on("SIGTERM", async () => {
  await worker.close();
  await connection.quit();
  process.stdout.write(
    `${JSON.stringify({ firstAt, lastAt, processed, cpuMs: cpuAtLastMs - cpuAtFirstMs })}\n`,
  );
  process.exit(0);
});
