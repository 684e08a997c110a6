import { z } from "zod";

/** The payload of a turn job and of its acknowledgement job; the turn itself lives in Redis. */
export const turnJobSchema = z.object({
  version: z.literal(1),
  turnId: z.string().min(1),
  conversationKey: z.string().min(1),
});
export type TurnJob = z.infer<typeof turnJobSchema>;

export interface QueueNames {
  turns: string;
  acks: string;
}

/** The two queues of one Baton deployment: turns (ordered per conversation) and the ack fast lane. */
export function queueNames(base = "baton"): QueueNames {
  return { turns: `${base}-turns`, acks: `${base}-acks` };
}
