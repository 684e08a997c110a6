import { allowsTarget, targetOfRef, targetRef } from "../access/allowed-targets.js";
import type { Classifier } from "../contracts/classifier.js";
import { NO_PLATFORM_POLICIES, type PlatformPolicies } from "../contracts/platform-policy.js";
import type { Session } from "../schemas/session.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { AskDecision, Target } from "../schemas/target.js";
import type { Turn } from "../schemas/turn.js";
import type { ConversationOwnerStore } from "../store/conversation-owner-store.js";
import type { SessionStore } from "../store/session-store.js";

export type SessionResolution =
  /** `retarget`: the target the person named for an existing session, applied once they may steer it. */
  | {
      kind: "ready";
      session: Session;
      reason: string;
      retarget?: Target;
      /** A person corrected Baton (answered its question, or changed the target): routing learns from it. */
      choice?: Target;
      /** The session was opened where people in this place chose before (see `decideByLearning`). */
      routedByHabit?: boolean;
    }
  | { kind: "ask"; decision: AskDecision }
  /** No session yet, and someone else owns the conversation (Baton asked them where to work). */
  | { kind: "owned"; ownerId: string }
  /** The target chosen (or named) is not one this conversation's place may use. */
  | { kind: "target_not_allowed"; target: Target; allowed: readonly string[] };

/**
 * A conversation's target is sticky: the first turn classifies it and opens the session;
 * follow-ups keep it unless the person names a new target explicitly.
 */
export async function resolveSessionTarget({
  turn,
  sessions,
  classifier,
  backend,
  fillContext,
  owners,
  allowedTargets,
  platforms = NO_PLATFORM_POLICIES,
}: {
  turn: Turn;
  sessions: SessionStore;
  classifier: Classifier;
  backend: string;
  /** Adds the live context (channel name, topic, thread…) before a first turn is classified. */
  fillContext?: (request: SessionRequest) => Promise<SessionRequest>;
  owners?: Pick<ConversationOwnerStore, "owner">;
  /** The targets this conversation may use; any when null or not given. */
  allowedTargets?: readonly string[] | null;
  /** Which conversations are pull requests a session made (they continue it); none when not given. */
  platforms?: PlatformPolicies;
}): Promise<SessionResolution> {
  const refused = (target: Target): SessionResolution | null =>
    allowedTargets && !allowsTarget(allowedTargets, target)
      ? { kind: "target_not_allowed", target, allowed: allowedTargets }
      : null;
  // A picker offers only what this place may use (and asks with all of them when none was a
  // candidate): a choice it offers is never one that would be declined.
  const ask = (decision: AskDecision): SessionResolution => {
    if (!allowedTargets) return { kind: "ask", decision };
    const candidates = decision.candidates.filter((target) => !refused(target));
    return {
      kind: "ask",
      decision: {
        ...decision,
        candidates: candidates.length > 0 ? candidates : allowedTargets.map(targetOfRef),
      },
    };
  };
  const { request } = turn;
  const existing =
    (await sessions.findByConversation(turn.conversationKey)) ??
    (await linkedSession(request, sessions, platforms));
  // The adapter's hint, or what the classifier reads in the text when the adapter left it out.
  const explicitTarget = request.hints.target?.target ?? classifier.explicitTarget?.(request);
  if (existing) {
    if (request.hints.target?.implied)
      return { kind: "ready", session: existing, reason: "The conversation keeps its target." };
    if (explicitTarget)
      return (
        refused(explicitTarget) ?? {
          kind: "ready",
          session: existing,
          reason: "The person named a new target.",
          retarget: explicitTarget,
          ...(targetRef(explicitTarget) !== targetRef(existing.target) ? { choice: explicitTarget } : {}),
        }
      );
    // A target named that Baton does not know (`!repo acme/shiping`) is asked about as on a first
    // turn, never worked around in silence in the session's old target.
    if (request.hints.target) {
      const decision = await classifier.classify(request);
      if (decision.kind === "ask") return ask(decision);
    }
    return { kind: "ready", session: existing, reason: "The conversation keeps its target." };
  }
  // Only the person Baton asked opens the session: another's turn must not take it over.
  const ownerId = await owners?.owner(turn.conversationKey);
  if (ownerId && ownerId !== request.actor.id) return { kind: "owned", ownerId };
  const decision = await classifier.classify(fillContext ? await fillContext(request) : request);
  if (decision.kind === "ask") return ask(decision);
  const notAllowed = refused(decision.target);
  if (notAllowed) return notAllowed;
  const session = await sessions.open({
    conversation: request.conversation,
    conversationKey: turn.conversationKey,
    target: decision.target,
    backend,
    requester: request.actor,
  });
  // Answering Baton's question (the picker, or naming the target in the thread) is a correction.
  const answered = ownerId === request.actor.id && decision.via === "explicit";
  return {
    kind: "ready",
    session,
    reason: decision.reason,
    ...(answered ? { choice: decision.target } : {}),
    ...(decision.via === "learned" ? { routedByHabit: true } : {}),
  };
}

/** A request on a pull request that a session made continues that session, wherever it started. */
function linkedSession(
  request: SessionRequest,
  sessions: SessionStore,
  policies: PlatformPolicies,
): Promise<Session | null> {
  const pullRequest = policies.pullRequestOf(request.conversation);
  return pullRequest ? sessions.findByPullRequest(pullRequest) : Promise.resolve(null);
}
