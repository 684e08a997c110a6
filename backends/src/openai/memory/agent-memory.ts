import { z } from "zod";

/** One finished turn as the agent remembers it: what was asked and what it answered. */
export const rememberedTurnSchema = z.object({
  turnId: z.string().min(1),
  prompt: z.string(),
  answer: z.string(),
});
export type RememberedTurn = z.infer<typeof rememberedTurnSchema>;

/** A session's conversation with the agent: a summary of older turns and the latest ones. */
export const agentConversationSchema = z.object({
  version: z.literal(1),
  summary: z.string().optional(),
  turns: z.array(rememberedTurnSchema).default([]),
});
export type AgentConversation = z.infer<typeof agentConversationSchema>;

export const EMPTY_CONVERSATION: AgentConversation = { version: 1, turns: [] };

/** Where the built-in agent keeps each session's conversation between turns. */
export interface AgentMemory {
  load(sessionId: string): Promise<AgentConversation>;
  save(sessionId: string, conversation: AgentConversation): Promise<void>;
}

/**
 * The conversation with this turn's answer added; a retried turn replaces its own earlier entry
 * instead of adding a second one.
 */
export function rememberTurn(conversation: AgentConversation, turn: RememberedTurn): AgentConversation {
  return { ...conversation, turns: [...conversation.turns.filter((t) => t.turnId !== turn.turnId), turn] };
}
