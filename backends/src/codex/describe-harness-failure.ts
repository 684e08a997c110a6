import type { AgentEvent } from "@baton/core";
import type { HarnessEvent } from "./harness/coding-harness.js";

type HarnessFailure = Extract<HarnessEvent, { type: "failed" }>;

export interface FailureContext {
  model: string;
  /** BATON_TURN_TIMEOUT_MS, for the words of a timeout. */
  turnTimeoutMs: number;
}

function minutes(ms: number): string {
  const value = Math.round(ms / 60_000);
  return value >= 1 ? `${value} min` : `${Math.round(ms / 1000)} s`;
}

/**
 * A harness failure in the words the thread shows, and whether trying the turn again could help:
 * a refused key, an unknown model or an account out of quota will fail the same way again; a
 * model server that did not answer may answer next time.
 */
export function describeHarnessFailure(failure: HarnessFailure, context: FailureContext): AgentEvent {
  const error = (message: string, retryable = false): AgentEvent => ({ type: "error", message, retryable });
  switch (failure.reason) {
    case "auth":
      return error(
        "the model server refused Baton's key (OPENAI_API_KEY). An operator needs to set a valid key.",
      );
    case "unknown_model":
      return error(
        `the model server does not know the model \`${context.model}\`. Choose another with \`!model NAME\`, or ask an operator to change the default.`,
      );
    case "quota":
      return error(
        "the model server says Baton's account is out of quota. An operator needs to check its plan and billing; trying again will not help until then.",
      );
    case "model_unreachable":
      return error(`the model server could not be reached (${failure.message}).`, true);
    case "timeout":
      return error(
        `the turn ran over its time limit (BATON_TURN_TIMEOUT_MS, ${minutes(context.turnTimeoutMs)}) and was ended. What earlier turns pushed is kept.`,
      );
    case "sandbox":
      return error(
        `${failure.message} An operator can see why, and how to fix it, with \`npx baton doctor\`.`,
      );
    case "aborted":
      return error("the agent was stopped.");
    case "harness":
      return error(failure.message, true);
  }
}
