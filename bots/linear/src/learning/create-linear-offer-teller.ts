import type { ReplyLedger } from "@baton/core";
import { isDuplicateActivity, type LinearApi } from "../client/create-linear-api.js";
import { activityId } from "../replier/activity-id.js";
import type { TellOfferAnswer } from "./answer-mapping-offer.js";

/**
 * Tells the agent session what came of an answer to the mapping offer. While the offer's turn
 * still runs it is a `thought` (the turn's own response ends the session); once the turn has
 * ended it is the `response` that ends the exchange. One activity per answering delivery.
 */
export function createLinearOfferTeller({
  ledger,
  apiFor,
}: {
  ledger: ReplyLedger;
  apiFor(organizationId: string): LinearApi;
}): TellOfferAnswer {
  return async (request, offer, text) => {
    const { conversation } = request;
    if (conversation.platform !== "linear") return;
    const finished = await ledger.isTurnFinished(offer.turnId);
    await apiFor(conversation.organizationId)
      .createActivity({
        agentSessionId: conversation.agentSessionId,
        id: activityId(offer.turnId, `offer.reply ${request.deliveryId}`),
        content: { type: finished ? "response" : "thought", body: text },
      })
      .catch((error: unknown) => {
        if (!isDuplicateActivity(error)) throw error;
      });
  };
}
