import { z } from "zod";

export const artifactSchema = z.object({
  kind: z.enum(["pull_request", "branch", "commit", "link", "file"]),
  url: z.string().url().optional(),
  title: z.string(),
});
export type Artifact = z.infer<typeof artifactSchema>;

/** What a backend emits while it works on a turn. */
export const agentEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("status"), message: z.string() }),
  z.object({ type: z.literal("message"), text: z.string() }),
  z.object({
    type: z.literal("tool"),
    name: z.string(),
    input: z.string().default(""),
    output: z.string().optional(),
  }),
  z.object({ type: z.literal("artifact"), artifact: artifactSchema }),
  /** `summary`: plain text or the markdown subset described at `turnOutcomeSchema`. */
  z.object({ type: z.literal("done"), summary: z.string() }),
  z.object({ type: z.literal("error"), message: z.string(), retryable: z.boolean().default(false) }),
]);
export type AgentEvent = z.infer<typeof agentEventSchema>;
