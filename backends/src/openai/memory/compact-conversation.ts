import type { OpenAI } from "openai";
import {
  MEMORY_RECENT_TURNS_KEPT,
  MEMORY_SUMMARY_THRESHOLD_CHARS,
  MODEL_CALL_TIMEOUT_MS,
} from "../openai-agent-limits.js";
import type { AgentConversation } from "./agent-memory.js";

const SUMMARY_INSTRUCTIONS =
  "You summarise a conversation between developers and a code-reading assistant, so that the assistant can carry on. Keep the questions asked, the answers' facts, file paths, names and decisions; drop pleasantries. Write at most 250 words of plain prose.";

/** Whether a conversation has grown past the point where older turns are summarised. */
export function needsCompaction(conversation: AgentConversation): boolean {
  const size =
    (conversation.summary?.length ?? 0) +
    conversation.turns.reduce((sum, turn) => sum + turn.prompt.length + turn.answer.length, 0);
  return size > MEMORY_SUMMARY_THRESHOLD_CHARS && conversation.turns.length > MEMORY_RECENT_TURNS_KEPT;
}

/**
 * Folds all but the latest turns into one summary written by the model. When the model cannot
 * be reached the older turns are dropped instead: memory stays bounded either way.
 */
export async function compactConversation({
  client,
  model,
  conversation,
  signal,
}: {
  client: OpenAI;
  model: string | undefined;
  conversation: AgentConversation;
  signal: AbortSignal;
}): Promise<{ conversation: AgentConversation; summarised: boolean }> {
  const older = conversation.turns.slice(0, -MEMORY_RECENT_TURNS_KEPT);
  const recent = conversation.turns.slice(-MEMORY_RECENT_TURNS_KEPT);
  const transcript = [
    ...(conversation.summary ? [`Summary of what came before:\n${conversation.summary}`] : []),
    ...older.map((turn) => `Question: ${turn.prompt}\nAnswer: ${turn.answer}`),
  ].join("\n\n");
  try {
    const response = await client.chat.completions.create(
      {
        model: model ?? "",
        messages: [
          { role: "system", content: SUMMARY_INSTRUCTIONS },
          { role: "user", content: transcript },
        ],
      },
      { signal, timeout: MODEL_CALL_TIMEOUT_MS },
    );
    const summary = response.choices[0]?.message.content?.trim();
    if (!summary) throw new Error("the model returned an empty summary");
    return { conversation: { ...conversation, summary, turns: recent }, summarised: true };
  } catch (error) {
    if (signal.aborted) throw error;
    return { conversation: { ...conversation, turns: recent }, summarised: false };
  }
}
