import { describeTarget, type WorkingContext } from "@baton/core";
import type { KnownBlock } from "@slack/types";

export const STOP_ACTION_ID = "baton_stop";
export const CHANGE_TARGET_ACTION_ID = "baton_change_target";

/** The Stop button carries its conversation, so a click needs no lookup to know what to stop. */
export function stopValue(channelId: string, threadTs: string): string {
  return `${channelId}|${threadTs}`;
}

export function parseStopValue(value: string): { channelId: string; threadTs: string } | null {
  const [channelId, threadTs] = value.split("|");
  return channelId && threadTs ? { channelId, threadTs } : null;
}

export interface WorkingState {
  turnId: string;
  channelId: string;
  threadTs: string;
  context?: WorkingContext;
  status?: string;
}

/** The "Working on it" message: what runs where, the latest progress, and the Stop and Change target buttons. */
export function workingMessage({ turnId, channelId, threadTs, context, status }: WorkingState): {
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
      value: stopValue(channelId, threadTs),
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
