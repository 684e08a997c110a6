import { describeTarget, type WorkingContext } from "@baton/core";
import type { KnownBlock } from "@slack/types";
import { type SlackConversationRef, slackConversation } from "../inbound/slack-conversation.js";

export const STOP_ACTION_ID = "baton_stop";
export const CHANGE_TARGET_ACTION_ID = "baton_change_target";

/**
 * The Stop button carries its whole conversation (team included), so a click stops the turn it
 * was posted for whatever team Slack names in the click (Enterprise Grid, Slack Connect).
 */
export function stopValue(conversation: SlackConversationRef): string {
  return `${conversation.teamId}|${conversation.channelId}|${conversation.threadTs}`;
}

/** Buttons posted before the team was in the value (`channel|thread`) fall back on the click's team. */
export function parseStopValue(value: string, clickTeamId: string | null): SlackConversationRef | null {
  const parts = value.split("|");
  const [teamId, channelId, threadTs] = parts.length === 2 ? [clickTeamId, ...parts] : parts;
  return parts.length <= 3 && teamId && channelId && threadTs
    ? slackConversation(teamId, channelId, threadTs)
    : null;
}

export interface WorkingState {
  turnId: string;
  conversation: SlackConversationRef;
  context?: WorkingContext;
  status?: string;
}

/** The "Working on it" message: what runs where, the latest progress, and the Stop and Change target buttons. */
export function workingMessage({ turnId, conversation, context, status }: WorkingState): {
  text: string;
  blocks: KnownBlock[];
} {
  const where = context
    ? `in *${describeTarget(context.target)}* · ${context.backend} · ${context.model ?? "default model"}`
    : "(choosing where to work)";
  const text = `⏳ Working on it ${where}`;
  const buttons = [
    ...(context
      ? [
          {
            type: "button" as const,
            action_id: CHANGE_TARGET_ACTION_ID,
            text: { type: "plain_text" as const, text: "Change target" },
            value: turnId,
          },
        ]
      : []),
    {
      type: "button" as const,
      action_id: STOP_ACTION_ID,
      style: "danger" as const,
      text: { type: "plain_text" as const, text: "Stop" },
      value: stopValue(conversation),
    },
  ];
  return {
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text } },
      ...(status
        ? [{ type: "context" as const, elements: [{ type: "mrkdwn" as const, text: `_${status}_` }] }]
        : []),
      { type: "actions", elements: buttons },
    ],
  };
}

/** The working message once the turn is over: a line that says how it ended, without buttons. */
export function finishedWorkingMessage(line: string): { text: string; blocks: KnownBlock[] } {
  return { text: line, blocks: [{ type: "context", elements: [{ type: "mrkdwn", text: line }] }] };
}
