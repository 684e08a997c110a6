import { createSteeringRule, type SteeringRule } from "@baton/core";

export const LINEAR_STEERING_REFUSAL =
  "Only the person who started this session, or the issue's assignee, can steer it. Mention Baton in a comment to start a session of your own.";

/**
 * Who may add to, or stop, a Linear agent session: the person who opened it (by assigning,
 * delegating or mentioning Baton: the session's creator, Baton's requester) and the issue's
 * assignee, who owns the work. In Linear every mention opens a session of its own, so anyone else
 * starts their own rather than steering someone else's. The assignee is asked of Linear at the
 * webhook, which vouches for them on the request (`replyTo.steersAs`); the worker's guard reads that.
 */
export function createLinearSteeringRule(): SteeringRule {
  const rule = createSteeringRule({
    platform: "linear",
    placeOf: (conversation) => (conversation.platform === "linear" ? conversation.organizationId : ""),
    policyOf: () => "requester",
    refusal: () => LINEAR_STEERING_REFUSAL,
  });
  return {
    ...rule,
    guard: (session, actor, request) =>
      session.conversation.platform === "linear" &&
      request?.replyTo?.platform === "linear" &&
      request.replyTo.steersAs === "assignee"
        ? { allowed: true }
        : rule.guard(session, actor, request),
  };
}
