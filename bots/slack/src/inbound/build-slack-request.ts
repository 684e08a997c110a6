import { type Catalog, parseRequestText, requestIdForDelivery, type SessionRequest } from "@baton/core";
import type { SlackMessage } from "./parse-slack-event.js";

/**
 * A session request from a Slack message. `!model …` flags and explicit targets are read out of
 * the text here, so the prompt the agent gets is what the person meant to ask.
 */
export function buildSlackRequest({
  message,
  deliveryId,
  catalog,
  receivedAt,
}: {
  message: SlackMessage;
  deliveryId: string;
  catalog: Catalog;
  receivedAt: Date;
}): SessionRequest {
  const { prompt, hints } = parseRequestText(message.text, catalog);
  return {
    version: 1,
    id: requestIdForDelivery("slack", deliveryId),
    deliveryId,
    conversation: message.conversation,
    actor: { platform: "slack", id: message.userId },
    text: prompt,
    attachments: message.files.flatMap((file) =>
      file.url_private
        ? [
            {
              kind: file.mimetype?.startsWith("image/") ? ("image" as const) : ("file" as const),
              url: file.url_private,
              name: file.name,
              mimeType: file.mimetype,
            },
          ]
        : [],
    ),
    hints,
    context: { "slack.messageTs": message.messageTs, "slack.channelType": message.channelType },
    receivedAt: receivedAt.toISOString(),
  };
}
