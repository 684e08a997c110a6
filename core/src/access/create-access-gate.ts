import type { Logger } from "../contracts/logger.js";
import type { ClaimDelivery } from "../delivery/claim-delivery.js";
import { errorMessage } from "../describe-error.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { AccessRule } from "./access-rule.js";
import { type AccessFacts, type AccessRefusal, checkAccess } from "./check-access.js";

export interface AccessGateOptions {
  platform: Platform;
  rule: AccessRule;
  /** Keeps the refusal reply to one per person, place and reason. */
  claimDelivery: ClaimDelivery;
  logger: Logger;
}

export interface RefusedRequest {
  deliveryId: string;
  /** Tells the person, briefly (the bot's words for `reason`); called at most once per person, place and reason. */
  tell(reason: AccessRefusal): Promise<unknown>;
  /**
   * What one reply covers instead of the person and place: a platform where every request has a
   * thread of its own that waits for an answer (an issue tracker's agent session) is told once per thread.
   */
  replyScope?: string;
}

/** True when the request may go on; otherwise it is logged with the reason and the person told once. */
export type AccessGate = (facts: AccessFacts, refused: RefusedRequest) => Promise<boolean>;

/**
 * The access policy as a bot uses it at every entry point: answer, log a refusal with its reason,
 * and reply to it at most once (a replayed or repeated refusal stays silent). The reply is not
 * awaited, so a refusal is acknowledged as fast as a request.
 */
export function createAccessGate({ platform, rule, claimDelivery, logger }: AccessGateOptions): AccessGate {
  const log = logger.child({ component: "core.access" });
  return async function admit(facts, refused) {
    const check = await checkAccess(rule, facts);
    if (check.allowed) return true;
    const { reason } = check;
    log.info("core.access.refused", {
      platform,
      reason,
      delivery_id: refused.deliveryId,
      user_id: facts.userId,
      place: facts.place,
    });
    const once = `access-refused.${reason}.${refused.replyScope ?? `${facts.place ?? "dm"}.${facts.userId}`}`;
    if (await claimDelivery(platform, once)) {
      refused
        .tell(reason)
        .catch((error: unknown) =>
          log.warn("core.access.reply_failed", { platform, reason, error: errorMessage(error) }),
        );
    }
    return false;
  };
}
