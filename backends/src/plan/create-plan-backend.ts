import { type AgentBackend, type AgentEvent, type BackendTurn, describeTarget } from "@baton/core";

export const PLAN_BACKEND_NAME = "plan";

export interface PlanBackendOptions {
  /** The agent backends whose configuration is present: the plan points only at those. */
  readyBackends?: readonly string[];
}

/**
 * The default backend: a dry run. It dispatches nothing and reports what would be dispatched
 * (target, prompt, requester, model), so that a team can try routing and the whole round trip
 * before wiring a real agent.
 */
export function createPlanBackend({ readyBackends = [] }: PlanBackendOptions = {}): AgentBackend {
  return {
    name: PLAN_BACKEND_NAME,
    async *run(turn: BackendTurn, signal: AbortSignal): AsyncIterable<AgentEvent> {
      yield { type: "status", message: "Planning the dispatch" };
      if (signal.aborted) return;
      yield { type: "done", summary: describePlan(turn, readyBackends) };
    },
    async stop() {},
  };
}

/**
 * The plan as the person reads it, in Baton's platform-neutral markdown (see `turnOutcomeSchema`);
 * it says plainly that nothing ran.
 */
export function describePlan(turn: BackendTurn, readyBackends: readonly string[] = []): string {
  const requester = turn.turn.request.actor.name ?? turn.turn.request.actor.id;
  const lines = [
    "**Plan (dry run: no agent was started)**",
    `- **Target:** ${describeTarget(turn.target)}`,
    `- **Requested by:** ${requester} on ${turn.turn.request.conversation.platform}`,
    `- **Model:** ${turn.model ?? "the backend's default"}`,
    `- **Turn:** ${turn.session.turnCount + 1} of session ${turn.session.id}`,
    "- **Prompt:**",
    // What the person wrote; what Baton adds for the agent is only named (the share page has it).
    quote(turn.turn.request.text || "(no words of their own: the context below is the request)"),
    ...(turn.turn.request.background ?? []).map(
      (block) => `- **Context given to the agent:** ${block.label.replace(/\s+/g, " ")}`,
    ),
  ];
  if (turn.context.length > 0) lines.push(`- **Thread context:** ${turn.context.length} earlier message(s)`);
  lines.push(nextStep(readyBackends));
  return lines.join("\n");
}

/** Points only at backends that are set up; otherwise at the page that says how to set one up. */
function nextStep(readyBackends: readonly string[]): string {
  if (readyBackends.length === 0)
    return "To have an agent do the work, set up a backend: see docs/backends.md.";
  const names = readyBackends.map((name) => `\`${name}\``).join(" or ");
  return `Set \`BATON_BACKEND\` to ${names} to have an agent do the work.`;
}

function quote(text: string): string {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}
