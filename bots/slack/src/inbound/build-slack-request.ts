import { requestIdForDelivery, type SessionRequest } from "@baton/core";
import type { SlackMessage } from "./parse-slack-event.js";
import { quoteSlackForwards } from "./read-slack-forwards.js";
import { renderSlackMarkup } from "./render-slack-markup.js";

/**
 * A session request from a Slack message, as it was said: flags such as `!model …` are read by the
 * worker's classifier, not here, to keep text parsing off the acknowledgement path. Its text is
 * plain: Slack's markup is rendered here, so nothing past the bot reads Slack's format.
 */
export function buildSlackRequest({
  message,
  deliveryId,
  receivedAt,
}: {
  message: SlackMessage;
  deliveryId: string;
  receivedAt: Date;
}): SessionRequest {
  return {
    version: 1,
    id: requestIdForDelivery("slack", deliveryId),
    deliveryId,
    conversation: message.conversation,
    actor: { platform: "slack", id: message.userId },
    text: quoteSlackForwards(renderSlackMarkup(message.text), message.forwards),
    attachments: [...message.files, ...message.forwards.flatMap((forward) => forward.files)].flatMap(
      (file) =>
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
    hints: {},
    replyTo: { platform: "slack", messageTs: message.messageTs },
    context: { "slack.channelType": message.channelType },
    receivedAt: receivedAt.toISOString(),
  };
}
