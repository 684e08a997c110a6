import { describeMappingOffer, type MappingOffer } from "@baton/core";
import type { KnownBlock } from "@slack/types";

export const MAPPING_ACCEPT_ACTION_ID = "baton_mapping_accept";
export const MAPPING_DISMISS_ACTION_ID = "baton_mapping_dismiss";
export const MAPPING_FORGET_ACTION_ID = "baton_mapping_forget";

/** What a click on the offer needs to know, carried in the button's value. */
export interface MappingOfferValue {
  placeKey: string;
  targetRef: string;
}

/** "Always use acme/web in #payments?", with a button to make it so and one to leave it. */
export function mappingOfferMessage(offer: MappingOffer): { text: string; blocks: KnownBlock[] } {
  const text = describeMappingOffer(offer);
  const value = JSON.stringify({ placeKey: offer.placeKey, targetRef: offer.targetRef });
  return {
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text } },
      {
        type: "actions",
        block_id: "baton_mapping_offer",
        elements: [
          {
            type: "button",
            action_id: MAPPING_ACCEPT_ACTION_ID,
            style: "primary",
            text: { type: "plain_text", text: `Always use ${offer.targetRef}` },
            value,
          },
          {
            type: "button",
            action_id: MAPPING_DISMISS_ACTION_ID,
            text: { type: "plain_text", text: "Not now" },
            value,
          },
        ],
      },
    ],
  };
}

/** The offer, answered: who made it the mapping, with a button that forgets it again. */
export function acceptedMappingMessage(
  value: MappingOfferValue,
  { userId, placeLabel }: { userId: string; placeLabel: string },
): { text: string; blocks: KnownBlock[] } {
  const text = `<@${userId}> made ${value.targetRef} the mapping of ${placeLabel}. \`baton catalog forget ${value.placeKey}\` (or Forget) undoes it.`;
  return {
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text } },
      {
        type: "actions",
        block_id: "baton_mapping_accepted",
        elements: [
          {
            type: "button",
            action_id: MAPPING_FORGET_ACTION_ID,
            text: { type: "plain_text", text: "Forget what was learned here" },
            value: JSON.stringify(value),
          },
        ],
      },
    ],
  };
}

/** The button's value, or null when it is not one Baton wrote. */
export function parseMappingOfferValue(value: string | undefined): MappingOfferValue | null {
  try {
    const parsed = JSON.parse(value ?? "") as Partial<MappingOfferValue>;
    return typeof parsed.placeKey === "string" && typeof parsed.targetRef === "string"
      ? { placeKey: parsed.placeKey, targetRef: parsed.targetRef }
      : null;
  } catch {
    return null;
  }
}
