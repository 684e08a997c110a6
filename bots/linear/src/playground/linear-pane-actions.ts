import { z } from "zod";

/** What a person does in the Linear pane, as the page posts it. */
export const linearPaneActionSchema = z.discriminatedUnion("type", [
  /** Assigns (delegates) the issue to Baton: Linear opens an agent session. */
  z.object({ type: z.literal("assign") }),
  /** A message in the agent session: an answer to its question, or a follow-up. */
  z.object({ type: z.literal("prompt"), body: z.string().trim().min(1).max(10_000) }),
  /** The session's Stop button. */
  z.object({ type: z.literal("stop") }),
]);
export type LinearPaneAction = z.infer<typeof linearPaneActionSchema>;

/** The simulated issue: vague enough that Baton asks which codebase it is about. */
export const PLAYGROUND_ISSUE = {
  title: "Make the nightly report faster",
  description: "The nightly revenue report takes 40 minutes to build. It should be done in under 5.",
  team: "ENG",
} as const;
