import { type ContextEntry, describeTarget, formatContextEntries, type Target } from "@baton/core";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { AgentConversation } from "./memory/agent-memory.js";
import type { Workspace } from "./workspace/workspace.js";

/**
 * The model's view of a turn: what it is and may do, the session's earlier turns (summary first),
 * the thread messages posted since the last turn, and the prompt.
 */
export function buildAgentMessages({
  target,
  workspace,
  conversation,
  context,
  prompt,
}: {
  target: Target;
  workspace: Workspace;
  conversation: AgentConversation;
  context: readonly ContextEntry[];
  prompt: string;
}): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: systemPrompt(target, workspace) },
  ];
  if (conversation.summary)
    messages.push({
      role: "system",
      content: `Earlier in this conversation (summarised):\n${conversation.summary}`,
    });
  for (const turn of conversation.turns) {
    messages.push({ role: "user", content: turn.prompt }, { role: "assistant", content: turn.answer });
  }
  const thread =
    context.length > 0
      ? `Messages posted in the thread since the last turn:\n${formatContextEntries(context)}\n\n`
      : "";
  messages.push({ role: "user", content: `${thread}${prompt}` });
  return messages;
}

function systemPrompt(target: Target, workspace: Workspace): string {
  const lines = [
    "You are Baton's built-in agent. People ask you about their code from Slack, GitHub or Linear; you answer from the code itself.",
    "You can only read: you cannot change files, run code or open pull requests. Say so when asked to, and explain what should change instead.",
  ];
  if (workspace.roots.length === 0) {
    lines.push(
      "This conversation has no repository: answer from what you know, and say when you would need the code.",
    );
  } else {
    lines.push(
      `Target: ${describeTarget(target)}. Checked out (read-only, shallow history):`,
      ...workspace.roots.map((root) => `- ${root.repo} at ${root.commit.slice(0, 12)}`),
      "Use the tools to look before you answer; paths are relative to a repository's root.",
      ...(workspace.roots.length > 1
        ? ["Several repositories are checked out: name one in each tool call's `repository`."]
        : []),
    );
  }
  lines.push(
    "Answer in concise Markdown. Cite the files (and line numbers) your answer rests on. If you could not find something, say so plainly.",
  );
  return lines.join("\n");
}
