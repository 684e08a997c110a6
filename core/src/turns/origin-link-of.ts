import type { Logger } from "../contracts/logger.js";
import type { Replier } from "../contracts/replier.js";
import { describeError } from "../describe-error.js";
import type { Turn } from "../schemas/turn.js";

/** Where the turn was asked, as a link, when its platform gives one; never a reason to fail the turn. */
export async function originLinkOf(replier: Replier, turn: Turn, log: Logger): Promise<string | null> {
  if (!replier.originLink) return null;
  try {
    return await replier.originLink(turn);
  } catch (error) {
    log.warn("core.turn.origin_link_failed", { error: describeError(error) });
    return null;
  }
}
