import { z } from "zod";

/**
 * The catalog's `learning:` key: whether routing learns from people's corrections, and who may
 * turn a learned habit into a place's mapping from a thread (docs/classifier.md).
 */
export const learningSchema = z
  .object({
    enabled: z.boolean().default(true),
    /**
     * The people (platform user ids) who may accept a learned mapping; when empty, anyone who may
     * start sessions in that place and steer the conversation may.
     */
    approvers: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type LearningSettings = z.infer<typeof learningSchema>;
