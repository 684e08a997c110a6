import type { Queue } from "bullmq";
import type { Redis } from "ioredis";

/** When the oldest entry on the intake stream was added (a stream id starts with its time in ms), or null. */
export async function oldestIntakeEntryMs(redis: Redis, stream: string): Promise<number | null> {
  const [first] = await redis.xrange(stream, "-", "+", "COUNT", 1);
  const millis = Number(first?.[0].split("-", 1)[0]);
  return Number.isFinite(millis) && first ? millis : null;
}

/**
 * When the oldest turn job that is ready to run (BullMQ's `waiting`) was added, or null. Turns
 * parked behind their conversation's running turn are `delayed` and do not count: they wait for
 * the person's earlier turn, not for a worker.
 */
export async function oldestWaitingJobMs(turns: Queue): Promise<number | null> {
  const [oldest] = await turns.getJobs(["waiting"], 0, 0, true);
  return oldest?.timestamp ?? null;
}
