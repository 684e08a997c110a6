import { type CatalogFact, type LearnedPlace, readLearnedMapping } from "@baton/core";

/**
 * What routing learned, as `baton catalog show` facts: for each place whose people's choices route
 * a target (a habit, or a mapping someone accepted), one fact on that target, with the place as
 * its source. Choices that route nothing yet are `baton catalog learned`'s to show.
 */
export function learnedRoutingFacts(places: readonly LearnedPlace[]): CatalogFact[] {
  return places.flatMap((learned): CatalogFact[] => {
    const mapping = readLearnedMapping(learned);
    if (!mapping) return [];
    const { key, label } = learned.place;
    const value =
      mapping.kind === "accepted"
        ? `${label} maps here (accepted by ${mapping.byId})`
        : `${label} routes here (habit: ${mapping.votes} of ${mapping.votes + mapping.dissent} conversations)`;
    return [{ target: mapping.targetRef, fact: "learned", value, source: `learned in ${key}` }];
  });
}
