import { type AgentBackend, type AgentEvent, type BackendTurn, describeTarget } from "@baton/core";

export const PLAN_BACKEND_NAME = "plan";

/**
 * The default backend: a dry run. It dispatches nothing and reports what would be dispatched
 * (target, prompt, requester, model), so that a team can try routing and the whole round trip
 * before wiring a real agent.
 */
export function createPlanBackend(): AgentBackend {
  return {
    name: PLAN_BACKEND_NAME,
    async *run(turn: BackendTurn, signal: AbortSignal): AsyncIterable<AgentEvent> {
      yield { type: "status", message: "Planning the dispatch" };
      if (signal.aborted) return;
      yield { type: "done", summary: describePlan(turn) };
    },
    async stop() {},
  };
}

/**
 * The plan as the person reads it, in Baton's platform-neutral markdown (see `turnOutcomeSchema`);
 * it says plainly that nothing ran.
 */
export function describePlan(turn: BackendTurn): string {
  const requester = turn.turn.request.actor.name ?? turn.turn.request.actor.id;
  const lines = [
    "**Plan (dry run: no agent was started)**",
    `- **Target:** ${describeTarget(turn.target)}`,
    `- **Requested by:** ${requester} on ${turn.turn.request.conversation.platform}`,
    `- **Model:** ${turn.model ?? "the backend's default"}`,
    `- **Turn:** ${turn.session.turnCount + 1} of session ${turn.session.id}`,
    "- **Prompt:**",
    quote(turn.prompt),
  ];
  if (turn.context.length > 0) lines.push(`- **Thread context:** ${turn.context.length} earlier message(s)`);
  lines.push("Set `BATON_BACKEND` to `openai` or `openinspect` to have an agent do the work.");
  return lines.join("\n");
}

function quote(text: string): string {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}
