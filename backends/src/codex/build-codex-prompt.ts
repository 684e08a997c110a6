import { type BackendTurn, formatContextEntries } from "@baton/core";

/**
 * What the harness is asked for this turn: the thread's messages since the last turn (each under
 * its author, quoted), then the request, then how Baton works around the agent. The harness keeps
 * the session's earlier turns in its own thread, so they are not repeated here.
 */
export function buildCodexPrompt(turn: BackendTurn, kind: "repositories" | "scratch"): string {
  const parts: string[] = [];
  if (turn.context.length > 0)
    parts.push(`Messages in the conversation since your last turn:\n${formatContextEntries(turn.context)}`);
  parts.push(turn.prompt);
  parts.push(
    kind === "repositories"
      ? "You work on a branch of your own. Change the files and run what checks the change; do not commit, push or open pull requests: Baton commits, pushes and opens the pull request when you finish. End with a short summary of what you changed and how you checked it."
      : "This session has no repository: you work in an empty scratch directory, and nothing you write is pushed anywhere.",
  );
  return parts.join("\n\n");
}
