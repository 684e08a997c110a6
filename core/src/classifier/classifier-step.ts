import type { Decision } from "../schemas/target.js";

/** The ladder's step that made a decision: how it was chosen, or `ask` (what metrics count by). */
export type ClassifierStep = Extract<Decision, { kind: "chosen" }>["via"] | "ask";

export function classifierStep(decision: Decision): ClassifierStep {
  return decision.kind === "ask" ? "ask" : decision.via;
}
