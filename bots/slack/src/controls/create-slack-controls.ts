import {
  type Catalog,
  conversationKey,
  createTargetResolver,
  describeTarget,
  type Logger,
  type ReplyLedger,
  type RequestIntake,
  requestIdForDelivery,
  type SessionRequest,
  type SessionStore,
  type ShareService,
  sessionRequestSchema,
} from "@baton/core";
import type { WebClient } from "@slack/web-api";
import { type PickerMode, pickerBlocks } from "../blocks/picker-blocks.js";
import type { SlackControlWord } from "../inbound/parse-slack-event.js";
import type { SlackConversationRef } from "../inbound/slack-conversation.js";
import { SLACK_REACTIONS } from "../replier/slack-reactions.js";
import type { SlackSteeringCheck } from "./create-slack-steering-guard.js";

export interface SlackControlContext {
  conversation: SlackConversationRef;
  /** Who asked; unknown for Slack's own stop control. */
  userId: string | undefined;
  source: "mention" | "button" | "slack_stop_control";
}

export interface StopConversationResult {
  stoppedTurnId: string | null;
  cancelledTurnIds: string[];
}

export interface SlackControlsOptions {
  client: WebClient;
  catalog: Catalog;
  sessions: Pick<SessionStore, "findByConversation">;
  stopConversation: (conversationKey: string) => Promise<StopConversationResult>;
  /** Who asked for the turns queued in a conversation (the people who may stop them before a session exists). */
  queuedRequesters: (conversationKey: string) => Promise<string[]>;
  steeringCheck: SlackSteeringCheck;
  shares: Pick<ShareService, "shareSession" | "unshareSession">;
  intake: RequestIntake;
  ledger: ReplyLedger;
  logger: Logger;
  now?: () => Date;
}

/** What a person can do to a session besides prompting it: stop it, share it, choose its target. */
export interface SlackControls {
  stop(context: SlackControlContext): Promise<void>;
  run(word: SlackControlWord, context: SlackControlContext): Promise<void>;
  /** A click in a picker: starts the waiting request (or restarts the running one) on that target. */
  pick(input: { mode: PickerMode; turnId: string; targetRef: string; userId: string }): Promise<void>;
  /** The "Change target" button: posts a picker for the turn's session. */
  openPicker(input: { turnId: string; userId: string }): Promise<void>;
}

/** The ledger field where a replier keeps the request a picker (or a change of target) starts again. */
export const PENDING_REQUEST_FIELD = "request";

/**
 * Session controls. Their Redis part (permission, stop, intake) is awaited; their Slack posts are
 * not, so that a control word in an event is acknowledged as fast as a prompt.
 */
export function createSlackControls(options: SlackControlsOptions): SlackControls {
  const {
    client,
    catalog,
    sessions,
    stopConversation,
    queuedRequesters,
    steeringCheck,
    shares,
    intake,
    ledger,
    logger,
  } = options;
  const now = options.now ?? (() => new Date());
  const log = logger.child({ component: "bots.slack.controls" });
  const resolveTarget = createTargetResolver(catalog);

  function later(what: string, post: () => Promise<unknown>): void {
    post().catch((error: unknown) =>
      log.warn("bots.slack.control_post_failed", { what, error: (error as Error).message }),
    );
  }

  function tell(
    context: { conversation: SlackConversationRef; userId: string | undefined },
    text: string,
  ): void {
    const { channelId: channel, threadTs: thread_ts } = context.conversation;
    later("tell", () =>
      context.userId
        ? client.chat.postEphemeral({ channel, thread_ts, user: context.userId, text })
        : client.chat.postMessage({ channel, thread_ts, text }),
    );
  }

  /** The session of the conversation, if the person may steer it; else tells them why not. */
  async function steerableSession(context: {
    conversation: SlackConversationRef;
    userId: string | undefined;
  }) {
    const session = await sessions.findByConversation(conversationKey(context.conversation));
    if (!session) {
      tell(context, "There is no Baton session in this thread yet: mention me with a request to start one.");
      return null;
    }
    if (context.userId) {
      const check = steeringCheck({
        channelId: context.conversation.channelId,
        requesterId: session.requester.id,
        userId: context.userId,
      });
      if (!check.allowed) {
        tell(context, check.reason);
        return null;
      }
    }
    return session;
  }

  async function pendingRequest(turnId: string): Promise<SessionRequest | null> {
    const raw = await ledger.get(turnId, PENDING_REQUEST_FIELD);
    return raw ? sessionRequestSchema.parse(JSON.parse(raw)) : null;
  }

  /** A queued turn that a stop dropped: its working message and 👀 say so, so nothing is left hanging. */
  async function markDropped(turnId: string): Promise<void> {
    const [request, workingTs] = await Promise.all([pendingRequest(turnId), ledger.get(turnId, "working")]);
    if (request?.conversation.platform !== "slack") return;
    const channel = request.conversation.channelId;
    if (workingTs)
      await client.chat.update({
        channel,
        ts: workingTs,
        text: "⏹ Dropped: the session was stopped.",
        blocks: [],
      });
    const messageTs = request.context["slack.messageTs"];
    if (messageTs) {
      await client.reactions
        .remove({ channel, timestamp: messageTs, name: SLACK_REACTIONS.seen })
        .catch(() => {});
      await client.reactions
        .add({ channel, timestamp: messageTs, name: SLACK_REACTIONS.stopped })
        .catch(() => {});
    }
  }

  async function stop(context: SlackControlContext): Promise<void> {
    const key = conversationKey(context.conversation);
    const session = await sessions.findByConversation(key);
    if (context.userId) {
      // Before its session exists, a conversation belongs to whoever asked for its queued turns.
      const requesters = session ? [session.requester.id] : [...new Set(await queuedRequesters(key))];
      for (const requesterId of requesters) {
        const check = steeringCheck({
          channelId: context.conversation.channelId,
          requesterId,
          userId: context.userId,
        });
        if (!check.allowed) return tell(context, check.reason);
      }
    }
    const result = await stopConversation(key);
    log.info("bots.slack.stopped", {
      stopped_turn_id: result.stoppedTurnId,
      cancelled: result.cancelledTurnIds.length,
      source: context.source,
    });
    for (const turnId of result.cancelledTurnIds) later("mark_dropped", () => markDropped(turnId));
    // A running turn answers for itself with its ⏹ result; otherwise say here what happened.
    if (result.stoppedTurnId) return;
    const { channelId: channel, threadTs: thread_ts } = context.conversation;
    if (result.cancelledTurnIds.length > 0) {
      const count = result.cancelledTurnIds.length;
      later("stop", () =>
        client.chat.postMessage({
          channel,
          thread_ts,
          text: `⏹ Stopped. Dropped ${count} queued request${count === 1 ? "" : "s"}.`,
        }),
      );
    } else {
      tell(context, "Nothing is running in this thread.");
    }
  }

  return {
    stop,
    async run(word, context) {
      if (word === "stop") return stop(context);
      const session = await steerableSession(context);
      if (!session) return;
      const { channelId: channel, threadTs: thread_ts } = context.conversation;
      if (word === "share") {
        const shared = await shares.shareSession(session.id);
        const text =
          shared.kind === "shared"
            ? `🔗 Read-only transcript of this session: ${shared.url}`
            : "Sharing is turned off for this workspace.";
        later("share", () => client.chat.postMessage({ channel, thread_ts, text, unfurl_links: false }));
        return;
      }
      const revoked = await shares.unshareSession(session.id);
      const text =
        revoked.kind === "revoked"
          ? "🔒 The share link of this session no longer works."
          : "This session has no share link.";
      later("unshare", () => client.chat.postMessage({ channel, thread_ts, text }));
    },
    async pick({ mode, turnId, targetRef, userId }) {
      const request = await pendingRequest(turnId);
      if (request?.conversation.platform !== "slack") return;
      const conversation = request.conversation;
      if (request.actor.id !== userId) {
        return tell(
          { conversation, userId },
          `Only <@${request.actor.id}> can choose where this request runs.`,
        );
      }
      const target = resolveTarget(targetRef);
      if (!target) return tell({ conversation, userId }, `${targetRef} is no longer in Baton's catalog.`);
      // A picker answers once: a second click (or a second person's) changes nothing.
      if (!(await ledger.claim(turnId, `picked.${mode}`, targetRef))) return;
      // Restart the turn only while it has not finished; after that, the choice starts it again.
      const finished =
        (await ledger.get(turnId, "result.0")) !== null || (await ledger.get(turnId, "failed")) !== null;
      if (mode === "change" && !finished) await stopConversation(conversationKey(conversation));
      const deliveryId = `${mode}.${turnId}`;
      await intake({
        ...request,
        id: requestIdForDelivery("slack", deliveryId),
        deliveryId,
        hints: { ...request.hints, target: { text: targetRef, target } },
        receivedAt: now().toISOString(),
      });
      const pickerTs = await ledger.get(turnId, `picker.${mode}`);
      if (pickerTs) {
        later("picked", () =>
          client.chat.update({
            channel: conversation.channelId,
            ts: pickerTs,
            text: `🎯 <@${userId}> chose *${describeTarget(target)}*.`,
            blocks: [],
          }),
        );
      }
    },
    async openPicker({ turnId, userId }) {
      const request = await pendingRequest(turnId);
      if (request?.conversation.platform !== "slack") return;
      const context = { conversation: request.conversation, userId };
      const session = await steerableSession(context);
      if (!session) return;
      const posted = await client.chat.postMessage({
        channel: request.conversation.channelId,
        thread_ts: request.conversation.threadTs,
        text: "Which codebase should I switch to?",
        blocks: pickerBlocks({
          mode: "change",
          turnId,
          reason: `It is working in ${describeTarget(session.target)} now.`,
          candidates: [],
          catalog,
          requesterId: request.actor.id,
        }),
      });
      if (posted.ts) await ledger.set(turnId, "picker.change", posted.ts);
    },
  };
}
