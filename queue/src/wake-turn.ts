import type { Queue } from "bullmq";
import type { TurnJob } from "./turn-job.js";

/** Moves a parked turn's job out of the delayed set at once: the turn it waited behind is done. */
export async function wakeTurn(turns: Queue<TurnJob>, turnId: string): Promise<void> {
  const job = await turns.getJob(turnId);
  if (job && (await job.isDelayed())) await job.promote().catch(() => {});
}
