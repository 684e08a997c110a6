import { type AskDecision, describeTarget, targetId } from "@baton/core";

/**
 * The `elicitation` that asks where to work: the candidates numbered, and how to answer (the next
 * `prompted` event carries the answer: a name, a number, or "no repository"). Linear shows the
 * `select` options as buttons that send their value back as the prompt.
 */
export function renderLinearElicitation(decision: AskDecision): {
  body: string;
  options: Array<{ value: string; label: string }>;
} {
  const lines = decision.candidates.map((target, index) => `${index + 1}. ${describeTarget(target)}`);
  return {
    body: [
      `Which codebase should I work in? ${decision.reason}`,
      lines.join("\n"),
      'Reply with a repository name, a number from the list, or "no repository".',
    ].join("\n\n"),
    options: decision.candidates.map((target) => ({
      value: targetId(target),
      label: describeTarget(target),
    })),
  };
}
