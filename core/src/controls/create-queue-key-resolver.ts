import { type ConversationRef, conversationKey } from "../schemas/conversation-ref.js";
import type { SessionStore } from "../store/session-store.js";

/**
 * The key of the queue a conversation's requests join. Usually the conversation's own; but a pull
 * request that a session made belongs to that session, wherever it started (a Slack thread, an
 * issue), so its requests join the session's own conversation: the turns of one session then run
 * one at a time and in order, and a stop in either place reaches the turn that is running.
 */
export type QueueKeyResolver = (conversation: ConversationRef) => Promise<string>;

/** Each conversation queues as itself: for bots whose conversations are never linked to another's session. */
export const ownQueueKey: QueueKeyResolver = async (conversation) => conversationKey(conversation);

export function createQueueKeyResolver(sessions: Pick<SessionStore, "findByPullRequest">): QueueKeyResolver {
  return async function queueKeyOf(conversation) {
    const own = conversationKey(conversation);
    if (conversation.platform !== "github") return own;
    const { owner, repo, number } = conversation;
    const linked = await sessions.findByPullRequest({ owner, repo, number });
    return linked?.conversationKey ?? own;
  };
}
