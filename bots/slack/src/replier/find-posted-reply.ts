import type { WebClient } from "@slack/web-api";
import { slackErrorCode } from "./slack-error-code.js";

/** The `event_type` of the metadata every Baton reply carries, so that a retry can find it. */
export const SLACK_REPLY_EVENT_TYPE = "baton_reply";
/** How many pages of a thread's replies a retry searches for a message it may have posted. */
const SEARCH_PAGES = 5;
const PAGE_SIZE = 200;

export function replyMetadata(turnId: string, field: string) {
  return { event_type: SLACK_REPLY_EVENT_TYPE, event_payload: { turn_id: turnId, field } };
}

/**
 * The ts of the message Baton posted in this thread for `turnId` and `field`, found by its
 * metadata; null when there is none. For a post that may have happened but was never recorded:
 * the worker died right after it, or Slack's answer was lost.
 */
export async function findPostedReply(
  client: WebClient,
  thread: { channel: string; threadTs: string },
  turnId: string,
  field: string,
): Promise<string | null> {
  let cursor: string | undefined;
  for (let page = 0; page < SEARCH_PAGES; page += 1) {
    const answer = await client.conversations
      .replies({
        channel: thread.channel,
        ts: thread.threadTs,
        include_all_metadata: true,
        limit: PAGE_SIZE,
        cursor,
      })
      .catch((error: unknown) => {
        // No thread (its root was deleted, or nothing was ever posted in it) holds no reply of ours.
        if (slackErrorCode(error) === "thread_not_found") return null;
        throw error;
      });
    if (!answer) return null;
    for (const message of answer.messages ?? []) {
      const metadata = message.metadata as
        | { event_type?: string; event_payload?: Record<string, unknown> }
        | undefined;
      if (
        metadata?.event_type === SLACK_REPLY_EVENT_TYPE &&
        metadata.event_payload?.turn_id === turnId &&
        metadata.event_payload?.field === field &&
        message.ts
      )
        return message.ts;
    }
    cursor = answer.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  return null;
}
