import { errorMessage, type Logger } from "@baton/core";
import type { LinearApi } from "../client/create-linear-api.js";

/** Linear answers a webhook's sender within 5 s; the assignee lookup must leave room for the rest. */
export const LINEAR_ASSIGNEE_LOOKUP_TIMEOUT_MS = 2_000;

/** What the author of a follow-up is to its session: who opened it, the issue's assignee, or neither. */
export type FollowUpRole = "creator" | "assignee" | "other";

export interface FollowUpQuestion {
  organizationId: string;
  /** Absent for a session outside an issue: there is no assignee to ask about. */
  issueId: string | undefined;
  /** Who opened the session (its requester). */
  creatorId: string;
  actorId: string;
  deliveryId: string;
}

/**
 * Decides a follow-up's role at the webhook. The creator needs no lookup; anyone else costs one
 * `issue { assignee }` query, bounded by `timeoutMs`. A lookup that fails or times out counts as
 * "other" (the person is refused and can write again), and is logged.
 */
export function createFollowUpRoles({
  apiFor,
  logger,
  timeoutMs = LINEAR_ASSIGNEE_LOOKUP_TIMEOUT_MS,
}: {
  apiFor(organizationId: string): Pick<LinearApi, "issueAssignee">;
  logger: Logger;
  timeoutMs?: number;
}): (question: FollowUpQuestion) => Promise<FollowUpRole> {
  const log = logger.child({ component: "bots.linear.steering" });
  return async (question) => {
    if (question.actorId === question.creatorId) return "creator";
    const { issueId } = question;
    if (!issueId) return "other";
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      timer.unref();
    });
    try {
      const assignee = await Promise.race([apiFor(question.organizationId).issueAssignee(issueId), timedOut]);
      return assignee === question.actorId ? "assignee" : "other";
    } catch (error) {
      log.warn("bots.linear.assignee_lookup_failed", {
        delivery_id: question.deliveryId,
        issue_id: issueId,
        error: errorMessage(error),
      });
      return "other";
    } finally {
      clearTimeout(timer);
    }
  };
}
