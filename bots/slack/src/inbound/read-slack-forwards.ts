import { defuseRequestFlags } from "@baton/core";
import { renderSlackMarkup } from "./render-slack-markup.js";
import type { SlackMessageAttachment } from "./slack-envelope.js";

/** A forwarded message Baton can read: its body, and who wrote it where. */
export interface SlackForward {
  body: string;
  authorId?: string;
  authorName?: string;
  channelId?: string;
  channelName?: string;
  ts?: string;
  permalink?: string;
  files: NonNullable<SlackMessageAttachment["files"]>;
}

/** More than this many forwards in one message are left out (Slack itself allows a handful). */
export const MAX_SLACK_FORWARDS = 10;

/**
 * What a message forwards: the shared messages that carry a body or files, in Slack's order. A
 * message with shares but none readable gives `{ forwards: [], unreadable: true }`.
 */
export function readSlackForwards(attachments: readonly SlackMessageAttachment[] | undefined): {
  forwards: SlackForward[];
  unreadable: boolean;
} {
  const shares = (attachments ?? []).filter((attachment) => attachment.is_share);
  const forwards = shares.flatMap((share): SlackForward[] => {
    // A `text` of only spaces would hide the fallback, which may then be all there is.
    const body = share.text?.trim() || share.fallback?.trim() || "";
    const files = share.files ?? [];
    if (!body && files.length === 0) return [];
    return [
      {
        body,
        authorId: share.author_id,
        authorName: share.author_name,
        channelId: share.channel_id,
        channelName: share.channel_name,
        ts: share.ts,
        permalink: share.from_url,
        files,
      },
    ];
  });
  return {
    forwards: forwards.slice(0, MAX_SLACK_FORWARDS),
    unreadable: shares.length > 0 && forwards.length === 0,
  };
}

/**
 * The request's text: the person's own words (already plain) first, then each forward, its markup
 * rendered as plain text, as a quote under a line that says who wrote it, where, and its link. The
 * quote is someone else's words, so its flags are defused, and the classifier weighs it as quoted
 * material, not as the person's choice.
 *
 * @example
 * quoteSlackForwards("why?", [{ body: "export failed", authorName: "Grace", channelName: "eng", files: [] }]);
 * // "why?\n\nForwarded message from Grace in #eng:\n> export failed"
 */
export function quoteSlackForwards(ownText: string, forwards: readonly SlackForward[]): string {
  const quotes = forwards.map((forward) => {
    const body = forward.body ? defuseRequestFlags(renderSlackMarkup(forward.body)) : "(no text, only files)";
    return `${headerOf(forward)}:\n${body.replace(/^/gm, "> ")}`;
  });
  return [ownText, ...quotes].filter((part) => part.length > 0).join("\n\n");
}

function headerOf(forward: SlackForward): string {
  // The id only where Slack gave no name: an agent with Slack tools can still look the person up.
  const author = forward.authorName ?? (forward.authorId && `@${forward.authorId}`);
  const place = forward.channelName
    ? `#${forward.channelName}`
    : forward.channelId && `#${forward.channelId}`;
  return [
    "Forwarded message",
    author ? ` from ${author}` : "",
    place ? ` in ${place}` : "",
    forward.permalink ? ` (${forward.permalink})` : "",
  ].join("");
}
