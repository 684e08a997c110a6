import type { CatalogFact } from "@baton/core";

/**
 * `baton catalog show`'s text: each target (in `order`, then any other in name order), each of its
 * facts on a line with where it came from in brackets.
 *
 * @example
 * acme/shipping
 *   description     Carrier integrations with UPS, FedEx and DHL   [github installation 12]
 */
export function formatCatalogFacts(facts: readonly CatalogFact[], order: readonly string[]): string[] {
  const byTarget = new Map<string, CatalogFact[]>();
  for (const fact of facts) byTarget.set(fact.target, [...(byTarget.get(fact.target) ?? []), fact]);
  const rank = new Map(order.map((target, i) => [target.toLowerCase(), i]));
  const targets = [...byTarget.keys()].sort((a, b) => {
    const ra = rank.get(a.toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
    const rb = rank.get(b.toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
    return ra - rb || a.localeCompare(b);
  });
  const width = Math.max(0, ...facts.map((f) => f.fact.length));
  const lines: string[] = [];
  for (const target of targets) {
    lines.push(target);
    for (const fact of byTarget.get(target) ?? [])
      lines.push(`  ${fact.fact.padEnd(width)}  ${fact.value}   [${fact.source}]`);
  }
  return lines;
}
