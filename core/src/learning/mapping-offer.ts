/**
 * Baton's offer, in the thread, to make a place's habit its mapping ("Always use acme/web in
 * #payments?"). The platform shows it with its own controls; accepting calls
 * `acceptLearnedMapping` with `placeKey` and `targetRef`.
 */
export interface MappingOffer {
  placeKey: string;
  placeLabel: string;
  targetRef: string;
  /** Conversations in the place that chose it. */
  votes: number;
}

/** The offer's question, the same words on every platform. */
export function describeMappingOffer(offer: MappingOffer): string {
  return `I chose ${offer.targetRef} because people in ${offer.placeLabel} picked it ${offer.votes} times. Always use ${offer.targetRef} in ${offer.placeLabel}?`;
}
