import type { SteeringPolicy } from "../config/catalog.js";
import type { SteeringCheck, SteeringGuard } from "../contracts/steering-guard.js";
import type { ConversationRef, Platform } from "../schemas/conversation-ref.js";
import { DEFAULT_STEERING_POLICY, mayUserSteer } from "./may-user-steer.js";

/** Who is asking to steer which conversation, whose session `requesterId` started. */
export interface SteeringQuestion {
  conversation: ConversationRef;
  requesterId: string;
  userId: string;
}

export interface SteeringRuleOptions {
  platform: Platform;
  /**
   * The place whose policy applies to a conversation: a channel id, a repository's `owner/repo`,
   * a team. Each bot knows its own.
   */
  placeOf(conversation: ConversationRef): string;
  /** The place's policy from the catalog; `DEFAULT_STEERING_POLICY` when it lists none. */
  policyOf(place: string): SteeringPolicy | undefined;
  /** What a refused person is told, in the platform's own words (mentions, links). */
  refusal(input: { requesterId: string; policy: SteeringPolicy }): string;
}

/**
 * One platform's "who may steer": `check` answers for a conversation (also one whose first turn
 * is still queued, so has no session yet); `guard` is the same rule as the worker's
 * `SteeringGuard`, which lets every other platform's sessions through.
 */
export interface SteeringRule {
  platform: Platform;
  check(question: SteeringQuestion): SteeringCheck;
  guard: SteeringGuard;
  /** The policy of the conversation's place, for intake to answer "may this person steer?" itself. */
  policyFor(conversation: ConversationRef): SteeringPolicy;
}

/**
 * @example
 * // A code host's bot, where everyone with write access may steer: the repository is the place.
 * createSteeringRule({
 *   platform,
 *   placeOf: (conversation) => repositoryOf(conversation),
 *   policyOf: () => "channel",
 *   refusal: ({ requesterId }) => `Only @${requesterId} can steer this session.`,
 * });
 */
export function createSteeringRule(options: SteeringRuleOptions): SteeringRule {
  const policyFor = (conversation: ConversationRef): SteeringPolicy =>
    options.policyOf(options.placeOf(conversation)) ?? DEFAULT_STEERING_POLICY;
  const check = ({ conversation, requesterId, userId }: SteeringQuestion): SteeringCheck => {
    const policy = policyFor(conversation);
    return mayUserSteer({ policy, requesterId, userId })
      ? { allowed: true }
      : { allowed: false, reason: options.refusal({ requesterId, policy }) };
  };
  return {
    platform: options.platform,
    check,
    policyFor,
    guard: (session, actor) =>
      session.conversation.platform !== options.platform
        ? { allowed: true }
        : check({ conversation: session.conversation, requesterId: session.requester.id, userId: actor.id }),
  };
}
