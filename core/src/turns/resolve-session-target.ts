import type { Classifier } from "../contracts/classifier.js";
import type { Session } from "../schemas/session.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { AskDecision, Target } from "../schemas/target.js";
import type { Turn } from "../schemas/turn.js";
import type { SessionStore } from "../store/session-store.js";

export type SessionResolution =
  /** `retarget`: the target the person named for an existing session, applied once they may steer it. */
  | { kind: "ready"; session: Session; reason: string; retarget?: Target }
  | { kind: "ask"; decision: AskDecision };

/**
 * A conversation's target is sticky: the first turn classifies it and opens the session;
 * follow-ups keep it unless the person names a new target explicitly.
 */
export async function resolveSessionTarget({
  turn,
  sessions,
  classifier,
  backend,
}: {
  turn: Turn;
  sessions: SessionStore;
  classifier: Classifier;
  backend: string;
}): Promise<SessionResolution> {
  const { request } = turn;
  const existing =
    (await sessions.findByConversation(turn.conversationKey)) ?? (await linkedSession(request, sessions));
  // The adapter's hint, or what the classifier reads in the text when the adapter left it out.
  const explicitTarget = request.hints.target?.target ?? classifier.explicitTarget?.(request);
  if (existing) {
    if (request.hints.target?.implied)
      return { kind: "ready", session: existing, reason: "The conversation keeps its target." };
    if (explicitTarget)
      return {
        kind: "ready",
        session: existing,
        reason: "The person named a new target.",
        retarget: explicitTarget,
      };
    return { kind: "ready", session: existing, reason: "The conversation keeps its target." };
  }
  const decision = await classifier.classify(request);
  if (decision.kind === "ask") return { kind: "ask", decision };
  const session = await sessions.open({
    conversation: request.conversation,
    conversationKey: turn.conversationKey,
    target: decision.target,
    backend,
    requester: request.actor,
  });
  return { kind: "ready", session, reason: decision.reason };
}

/** A request on a pull request that a session made continues that session, wherever it started. */
function linkedSession(request: SessionRequest, sessions: SessionStore): Promise<Session | null> {
  const { conversation } = request;
  if (conversation.platform !== "github") return Promise.resolve(null);
  return sessions.findByPullRequest({
    owner: conversation.owner,
    repo: conversation.repo,
    number: conversation.number,
  });
}
