import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { Gauge, type Registry } from "prom-client";
import { oldestIntakeEntryMs, oldestWaitingJobMs } from "./queue-age.js";

const TURN_JOB_STATES = ["waiting", "active", "delayed", "failed"] as const;

/**
 * The queue's depths and age, read from Redis at scrape time (so they are the same from every
 * process): turn jobs by state, the intake backlog, and how long the oldest entry has waited.
 */
export function registerQueueGauges({
  registers,
  redis,
  turns,
  intakeStream,
}: {
  registers: Registry[];
  redis: Redis;
  turns: Queue;
  intakeStream: string;
}): void {
  new Gauge({
    name: "baton_turn_jobs",
    help: "Turn jobs in the queue, by state.",
    labelNames: ["state"],
    registers,
    async collect() {
      const counts = await turns.getJobCounts(...TURN_JOB_STATES);
      for (const state of TURN_JOB_STATES) this.set({ state }, counts[state] ?? 0);
    },
  });
  new Gauge({
    name: "baton_intake_backlog",
    help: "Accepted deliveries not yet queued as turns.",
    registers,
    async collect() {
      this.set(await redis.xlen(intakeStream));
    },
  });
  new Gauge({
    name: "baton_queue_oldest_waiting_seconds",
    help: "Age of the oldest entry waiting: an accepted delivery not yet dispatched (intake), or a turn ready to run that no worker has taken (turns). 0 when none waits.",
    labelNames: ["queue"],
    registers,
    async collect() {
      const now = Date.now();
      const [intake, waiting] = await Promise.all([
        oldestIntakeEntryMs(redis, intakeStream),
        oldestWaitingJobMs(turns),
      ]);
      this.set({ queue: "intake" }, intake === null ? 0 : Math.max(0, now - intake) / 1000);
      this.set({ queue: "turns" }, waiting === null ? 0 : Math.max(0, now - waiting) / 1000);
    },
  });
}
