import { type Logger, type PlatformTurn, REPLY_FIELDS, type ReplyClaim, type ReplyLedger } from "@baton/core";
import type { WebClient } from "@slack/web-api";
import type { SlackReplyClients } from "../slack-reply-clients.js";
import { findPostedReply, replyMetadata } from "./find-posted-reply.js";
import { threadOf } from "./slack-thread-of.js";

type SlackTurn = PlatformTurn<"slack">;
export type SlackReplyMessage = { text: string; blocks?: unknown[] };

/** A turn's messages in its thread, each recorded in the reply ledger under a field of the turn. */
export interface SlackThreadReplies {
  /**
   * Edits `field`'s message when it was posted (`knownTs`, when the caller knows it, else the
   * ledger's, else one found in the thread after a post that was begun); posts it otherwise.
   * Its calls are made for `reply` (urgent without one). Resolves with the message's ts.
   */
  postOrUpdate(
    turn: SlackTurn,
    field: string,
    message: SlackReplyMessage,
    options?: { knownTs?: string | undefined; reply?: ReplyClaim },
  ): Promise<string | undefined>;
  /** Posts `field`'s message, whose `posting` mark is recorded already, and records its ts. */
  postMarked(turn: SlackTurn, field: string, message: SlackReplyMessage): Promise<string | undefined>;
}

/**
 * Every message is recorded in the reply ledger under the turn id, so a turn retried after a
 * crash edits what it posted instead of posting again.
 */
export function createSlackThreadReplies({
  clients,
  ledger,
  log,
}: {
  clients: SlackReplyClients;
  ledger: ReplyLedger;
  log: Logger;
}): SlackThreadReplies {
  async function postMarked(
    turn: SlackTurn,
    field: string,
    message: SlackReplyMessage,
    client: WebClient = clients.urgent,
  ): Promise<string | undefined> {
    const { channel, threadTs } = threadOf(turn);
    const posted = await client.chat.postMessage({
      channel,
      thread_ts: threadTs,
      text: message.text,
      blocks: message.blocks as never,
      unfurl_links: false,
      metadata: replyMetadata(turn.id, field),
    });
    if (posted.ts) await ledger.set(turn.id, field, posted.ts);
    return posted.ts;
  }

  /** The field's recorded ts; else, if a post of it was begun, the message found in the thread. */
  async function recordedOrRecovered(
    turn: SlackTurn,
    field: string,
    client: WebClient,
  ): Promise<string | null> {
    const [recorded, posting] = await ledger.getMany(turn.id, [field, REPLY_FIELDS.posting(field)]);
    if (recorded) return recorded;
    if (!posting) return null;
    const ts = await findPostedReply(client, threadOf(turn), turn.id, field);
    if (ts) {
      await ledger.set(turn.id, field, ts);
      log.info("bots.slack.reply_recovered", { turn_id: turn.id, field });
    }
    return ts;
  }

  return {
    postMarked: (turn, field, message) => postMarked(turn, field, message),
    postOrUpdate: (turn, field, message, { knownTs, reply } = {}) =>
      clients.as(reply, async (client) => {
        const { channel } = threadOf(turn);
        const existingTs = knownTs ?? (await recordedOrRecovered(turn, field, client));
        const blocks = message.blocks as never;
        if (existingTs) {
          await client.chat.update({ channel, ts: existingTs, text: message.text, blocks });
          return existingTs;
        }
        // Recorded before posting: were the answer lost or this worker killed before the ts is
        // recorded, the retry searches the thread for the message instead of posting it twice.
        await ledger.set(turn.id, REPLY_FIELDS.posting(field), "1");
        return postMarked(turn, field, message, client);
      }),
  };
}
