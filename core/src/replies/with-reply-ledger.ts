import type { Replier } from "../contracts/replier.js";
import type { Platform } from "../schemas/conversation-ref.js";
import { conversationLedgerId, REPLY_FIELDS, type ReplyLedger } from "../store/reply-ledger.js";

/**
 * The reply ledger's steps, done once around a platform's replier so that no replier re-codes
 * them: `acknowledge` and `ask` first keep the request (a picker or a stop finds it there);
 * `result` and `failed` mark the turn finished before they post, so that a change of target knows
 * the turn has ended; `declined` tells the person once, however often the turn is declined, and
 * `note` posts its line once per turn. `ask` records its picker as the conversation's open one,
 * and a turn that `working` reports closes it: a later click on it starts nothing.
 */
export function withReplyLedger<P extends Platform>(replier: Replier<P>, ledger: ReplyLedger): Replier<P> {
  return {
    ...(replier.prepare ? { prepare: replier.prepare.bind(replier) } : {}),
    ...(replier.originLink ? { originLink: replier.originLink.bind(replier) } : {}),
    ...(replier.note
      ? {
          // Claimed before posting: a courtesy line is better lost than posted twice.
          async note(session, note) {
            if (!(await ledger.claim(note.turnId, REPLY_FIELDS.originNote, "1"))) return;
            await replier.note?.(session, note);
          },
        }
      : {}),
    ...(replier.offerMapping
      ? {
          async offerMapping(turn, offer) {
            if (!(await ledger.claim(turn.id, REPLY_FIELDS.mappingOffer, offer.targetRef))) return;
            await replier.offerMapping?.(turn, offer);
          },
        }
      : {}),
    async acknowledge(turn) {
      await ledger.rememberRequest(turn.id, turn.request);
      await replier.acknowledge(turn);
    },
    async working(turn, context) {
      const conversation = conversationLedgerId(turn.conversationKey);
      if (await ledger.get(conversation, REPLY_FIELDS.pickerWaiting))
        await ledger.set(conversation, REPLY_FIELDS.pickerWaiting, "");
      await replier.working(turn, context);
    },
    progress: (turn, status) => replier.progress(turn, status),
    ...(replier.endProgress ? { endProgress: replier.endProgress.bind(replier) } : {}),
    async ask(turn, decision) {
      await ledger.rememberRequest(turn.id, turn.request);
      await ledger.set(conversationLedgerId(turn.conversationKey), REPLY_FIELDS.pickerWaiting, turn.id);
      await replier.ask(turn, decision);
    },
    async result(turn, outcome, shareUrl) {
      await ledger.markFinished(turn.id, outcome.status);
      await replier.result(turn, outcome, shareUrl);
    },
    async failed(turn, error) {
      await ledger.markFinished(turn.id, "failed");
      await replier.failed(turn, error);
    },
    async declined(turn, reason) {
      if (!(await ledger.claim(turn.id, REPLY_FIELDS.declineClaimed, "1"))) return;
      await replier.declined(turn, reason);
    },
  };
}
