import { z } from "zod";

/**
 * What the model must answer (sent as a strict JSON schema, and checked again on arrival: a model
 * or a proxy may ignore the schema). `targetId` is one of the candidate ids, or null when the
 * request does not say.
 */
export const llmTargetAnswerSchema = z.object({
  targetId: z.string().nullable(),
  confidence: z.enum(["high", "medium", "low"]),
  reasoning: z.string(),
  alternatives: z.array(z.string()),
});
export type LlmTargetAnswer = z.infer<typeof llmTargetAnswerSchema>;
