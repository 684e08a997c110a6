import { z } from "zod";

/** The payload of a turn job; the turn itself lives in Redis. */
export const turnJobSchema = z.object({
  version: z.literal(1),
  turnId: z.string().min(1),
  conversationKey: z.string().min(1),
});
export type TurnJob = z.infer<typeof turnJobSchema>;

export interface QueueNames {
  turns: string;
}

/** The BullMQ queue names of one Baton deployment. */
export function queueNames(base = "baton"): QueueNames {
  return { turns: `${base}-turns` };
}
