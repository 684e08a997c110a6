import type { ConversationRef, ReplyLedger } from "@baton/core";
import type { LinearApi } from "../client/create-linear-api.js";
import type { LinearStopOutcome } from "./create-linear-webhook-route.js";

/**
 * Makes sure Linear hears what a stop signal did. A running turn answers a stop with its own
 * "stopped" response; one that had just finished (or nothing running at all) would leave Linear
 * waiting, so Baton says it here; a refused stop gets an `error` saying who may stop.
 */
export function createStopConfirmer({
  ledger,
  apiFor,
}: {
  ledger: Pick<ReplyLedger, "isTurnFinished">;
  apiFor(organizationId: string): Pick<LinearApi, "createActivity">;
}) {
  return async function confirmStop(
    conversation: ConversationRef,
    outcome: LinearStopOutcome,
  ): Promise<void> {
    if (conversation.platform !== "linear") return;
    const running = outcome.result?.stoppedTurnId;
    if (outcome.kind === "stopped_running" && running && !(await ledger.isTurnFinished(running))) return;
    const content =
      outcome.kind === "refused"
        ? { type: "error", body: outcome.reason ?? "You may not stop this session." }
        : { type: "response", body: "Stopped. Nothing was running any more." };
    await apiFor(conversation.organizationId).createActivity({
      agentSessionId: conversation.agentSessionId,
      content,
    });
  };
}
