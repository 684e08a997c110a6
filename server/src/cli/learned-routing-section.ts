import { type LearnedPlace, readLearnedMapping } from "@baton/core";

/**
 * What Baton learned of each place, as `baton catalog` prints it: the mapping a person accepted,
 * or the habit that routes there (with how many conversations chose what), or the choices so far
 * when they do not route yet. Each place's key is what `baton catalog forget` takes.
 *
 * @example
 * learnedRoutingLines(await store.list());
 * // Learned routing (baton catalog forget <place> undoes it):
 * //   <platform>:<place id>  #payments  → acme/web  (habit: 3 of 3 conversations)
 */
export function learnedRoutingLines(places: readonly LearnedPlace[]): string[] {
  if (places.length === 0) return ["Learned routing: nothing yet."];
  const lines = ["Learned routing (`baton catalog forget <place>` undoes it):"];
  for (const learned of places) {
    const mapping = readLearnedMapping(learned);
    const { key, label } = learned.place;
    const head = `  ${key}  ${label}`;
    if (mapping?.kind === "accepted") {
      const at = learned.accepted?.at.slice(0, 10) ?? "";
      lines.push(`${head}  → ${mapping.targetRef}  (mapping accepted by ${mapping.byId} on ${at})`);
    } else if (mapping?.kind === "habit") {
      const total = mapping.votes + mapping.dissent;
      lines.push(`${head}  → ${mapping.targetRef}  (habit: ${mapping.votes} of ${total} conversations)`);
    } else {
      lines.push(`${head}  → nothing routes yet  (choices: ${describeTally(learned)})`);
    }
  }
  return lines;
}

function describeTally(learned: LearnedPlace): string {
  const tally = new Map<string, number>();
  for (const vote of learned.votes) tally.set(vote.targetRef, (tally.get(vote.targetRef) ?? 0) + 1);
  return [...tally.entries()].map(([ref, count]) => `${ref} ×${count}`).join(", ") || "none";
}
