import { describeTarget, formatDuration, type TurnOutcome } from "@baton/core";
import type { KnownBlock } from "@slack/types";
import { splitForSections } from "./split-for-sections.js";

/** Kept here for the replier; the one definition lives in core. */
export { formatDuration } from "@baton/core";

/** Slack refuses a message with more blocks than this. */
export const SLACK_MAX_BLOCKS_PER_MESSAGE = 50;

/** The result of a turn as Block Kit messages: usually one; more only when the summary is very long. */
export function resultMessages(
  outcome: TurnOutcome,
  shareUrl: string | null,
): Array<{ text: string; blocks: KnownBlock[] }> {
  const heading = outcome.status === "stopped" ? "⏹ Stopped" : "✅ Done";
  const sections: KnownBlock[] = splitForSections(outcome.summary || "(no summary)").map((piece) => ({
    type: "section",
    text: { type: "mrkdwn", text: piece },
  }));
  // In as many sections as they need: a session's pull requests and links add up past a section's
  // 3,000 characters, and Slack refuses the whole message for one section too long.
  const artifacts: KnownBlock[] = outcome.artifacts.length
    ? splitForSections(
        outcome.artifacts
          .map((a) => (a.url ? `• <${a.url}|${escapeMrkdwn(a.title)}>` : `• ${escapeMrkdwn(a.title)}`))
          .join("\n"),
      ).map((piece) => ({ type: "section", text: { type: "mrkdwn", text: piece } }))
    : [];
  const actions: KnownBlock[] = shareUrl
    ? [
        {
          type: "actions",
          elements: [
            {
              type: "button",
              text: { type: "plain_text", text: "View transcript" },
              url: shareUrl,
              action_id: "baton_view_transcript",
            },
          ],
        },
      ]
    : [];
  const footer: KnownBlock = {
    type: "context",
    elements: [
      {
        type: "mrkdwn",
        text: [
          describeTarget(outcome.target),
          outcome.backend,
          outcome.model,
          formatDuration(outcome.durationMs),
        ]
          .filter(Boolean)
          .join(" · "),
      },
    ],
  };
  const tail = [...artifacts, ...actions, footer];
  const room = SLACK_MAX_BLOCKS_PER_MESSAGE - tail.length;
  const messages: Array<{ text: string; blocks: KnownBlock[] }> = [];
  for (let start = 0; start < sections.length || start === 0; start += room) {
    const chunk = sections.slice(start, start + room);
    const isLast = start + room >= sections.length;
    messages.push({
      text: messages.length === 0 ? `${heading}: ${firstLine(outcome.summary)}` : `${heading} (continued)`,
      blocks: isLast ? [...chunk, ...tail] : chunk,
    });
  }
  return messages;
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 150 ? `${line.slice(0, 149)}…` : line;
}

function escapeMrkdwn(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
