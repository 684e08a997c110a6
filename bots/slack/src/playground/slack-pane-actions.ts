import { z } from "zod";

const slackTs = z.string().regex(/^\d{1,12}\.\d{1,9}$/);

/** What a person does in the Slack pane, as the page posts it. */
export const slackPaneActionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("post"),
    text: z.string().trim().min(1).max(4_000),
    /** Set when the person replies in a thread. */
    threadTs: slackTs.optional(),
  }),
  z.object({
    type: z.literal("click"),
    /** The message that holds the button or select. */
    messageTs: slackTs,
    blockId: z.string().max(255).optional(),
    actionId: z.string().min(1).max(255),
    elementType: z.enum(["button", "static_select"]),
    value: z.string().max(2_000),
    label: z.string().max(2_000).default(""),
  }),
]);
export type SlackPaneAction = z.infer<typeof slackPaneActionSchema>;

/** `@baton` as people type it, anywhere in the text. */
const TYPED_MENTION = /@baton\b/gi;

/** The text as Slack delivers it: a typed `@baton` becomes the bot's mention (`<@U…>`). */
export function toSlackMentions(text: string, botUserId: string): { text: string; mentioned: boolean } {
  const replaced = text.replace(TYPED_MENTION, `<@${botUserId}>`);
  return { text: replaced, mentioned: replaced !== text };
}

/** The `block_actions` action Slack sends for a click on a button or a choice in a select. */
export function buildBlockAction(action: Extract<SlackPaneAction, { type: "click" }>, now: number) {
  const common = {
    action_id: action.actionId,
    ...(action.blockId === undefined ? {} : { block_id: action.blockId }),
    action_ts: (now / 1000).toFixed(6),
  };
  if (action.elementType === "button")
    return {
      ...common,
      type: "button",
      value: action.value,
      text: { type: "plain_text", text: action.label, emoji: true },
    };
  return {
    ...common,
    type: "static_select",
    selected_option: { value: action.value, text: { type: "plain_text", text: action.label, emoji: true } },
  };
}
