import { describeMappingOffer, type MappingOffer } from "@baton/core";

/** The offer an agent session waits to hear about, as the replier records it for the inbound side. */
export interface WaitingMappingOffer {
  /** The turn that posted it: its answer is claimed under this turn, once. */
  turnId: string;
  placeKey: string;
  placeLabel: string;
  targetRef: string;
}

/** What the `select` options send back as the prompt; typing them does the same. */
export const OFFER_ACCEPT_ANSWER = "yes";
export const OFFER_DECLINE_ANSWER = "not now";

/**
 * The `elicitation` that offers to make a place's habit its mapping: the shared question, then
 * how to answer it in the session (Linear shows the `select` options as buttons that send their
 * value as the next prompt), and that anything else is an ordinary follow-up.
 */
export function renderLinearMappingOffer(offer: MappingOffer): {
  body: string;
  options: Array<{ value: string; label: string }>;
} {
  return {
    body: [
      describeMappingOffer(offer),
      `Reply "${OFFER_ACCEPT_ANSWER}" to make ${offer.targetRef} the mapping of ${offer.placeLabel}, or "${OFFER_DECLINE_ANSWER}" to leave routing as it is. Anything else goes to this session as usual.`,
    ].join("\n\n"),
    options: [
      { value: OFFER_ACCEPT_ANSWER, label: `Always use ${offer.targetRef}` },
      { value: OFFER_DECLINE_ANSWER, label: "Not now" },
    ],
  };
}

const ACCEPT = /^(yes|y|yep|yeah|sure|ok(ay)?|always( use( it)?)?)( please)?[.!]*$/i;
const DECLINE = /^(no|n|nope|not now|no thanks|never|leave it)[.!]*$/i;

/** Reads a prompt as an answer to the offer: yes, no, or something else (a follow-up). */
export function readMappingOfferAnswer(text: string): "accept" | "decline" | undefined {
  const answer = text.trim();
  if (ACCEPT.test(answer)) return "accept";
  if (DECLINE.test(answer)) return "decline";
  return undefined;
}
