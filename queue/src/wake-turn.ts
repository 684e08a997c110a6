import { Job, type Queue } from "bullmq";
import type { TurnJob } from "./turn-job.js";

/**
 * Moves a parked turn's job out of the delayed set at once: the turn it waited behind is done.
 * One round trip: BullMQ's promote script itself checks that the job is delayed (and refuses a
 * job that is waiting, running or gone, which needs no waking), so the job is not read first.
 */
export async function wakeTurn(turns: Queue<TurnJob>, turnId: string): Promise<void> {
  await new Job<TurnJob>(turns, "turn", undefined as unknown as TurnJob, {}, turnId)
    .promote()
    .catch(() => {});
}
