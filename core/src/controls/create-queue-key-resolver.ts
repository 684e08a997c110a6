import type { PlatformPolicies } from "../contracts/platform-policy.js";
import { type ConversationRef, conversationKey } from "../schemas/conversation-ref.js";
import type { SessionStore } from "../store/session-store.js";

/**
 * The key of the queue a conversation's requests join. Usually the conversation's own; but a pull
 * request that a session made belongs to that session, wherever it started (a chat thread, an
 * issue), so its requests join the session's own conversation: the turns of one session then run
 * one at a time and in order, and a stop in either place reaches the turn that is running. Which
 * conversations are pull requests is the platform's to say (`PlatformPolicy.pullRequestOf`).
 */
export type QueueKeyResolver = (conversation: ConversationRef) => Promise<string>;

/** Each conversation queues as itself: for bots whose conversations are never linked to another's session. */
export const ownQueueKey: QueueKeyResolver = async (conversation) => conversationKey(conversation);

export function createQueueKeyResolver(
  sessions: Pick<SessionStore, "findByPullRequest">,
  policies: PlatformPolicies,
): QueueKeyResolver {
  return async function queueKeyOf(conversation) {
    const own = conversationKey(conversation);
    const pullRequest = policies.pullRequestOf(conversation);
    if (!pullRequest) return own;
    const linked = await sessions.findByPullRequest(pullRequest);
    return linked?.conversationKey ?? own;
  };
}
