import type { Catalog } from "../config/catalog.js";
import type { PlatformPolicies } from "../contracts/platform-policy.js";
import type { CatalogFact } from "./catalog-fact.js";
import type { CatalogSnapshot } from "./catalog-source.js";

/** How many profile terms `baton catalog show` prints before "…". */
const SHOWN_PROFILE_TERMS = 12;

/** What the file says of each target (each platform's mappings included), with the file as the source. */
export function describeFileFacts(
  catalog: Catalog,
  file: string,
  platforms: PlatformPolicies,
): CatalogFact[] {
  const facts: CatalogFact[] = [];
  const add = (target: string, fact: string, value: string | readonly string[] | undefined) => {
    const text = typeof value === "string" ? value : (value ?? []).join(", ");
    if (text.length > 0) facts.push({ target, fact, value: text, source: file });
  };
  for (const entry of catalog.repositories) {
    add(entry.repo, "listed", "yes");
    add(entry.repo, "description", entry.description);
    add(entry.repo, "aliases", entry.aliases);
    add(entry.repo, "keywords", entry.keywords);
    add(entry.repo, "default branch", entry.defaultBranch);
  }
  for (const env of catalog.environments) {
    const id = `env:${env.id}`;
    add(id, "name", env.name);
    add(id, "description", env.description);
    add(id, "repositories", env.repositories);
    add(id, "aliases", env.aliases);
    add(id, "keywords", env.keywords);
  }
  catalog.routing.forEach((rule) => {
    add(
      rule.target,
      "routing rule",
      rule.keywords.map((k) => `"${k}"`),
    );
  });
  for (const policy of platforms.list) {
    for (const mapped of policy.mappingFacts?.(catalog) ?? []) add(mapped.target, mapped.fact, mapped.value);
  }
  return facts;
}

/** What the platforms listed and what each repository's own files say, each with where it came from. */
export function describeDiscoveredFacts(snapshot: CatalogSnapshot): CatalogFact[] {
  const facts: CatalogFact[] = [];
  for (const listed of snapshot.repositories) {
    const add = (fact: string, value: string) => {
      if (value.length > 0) facts.push({ target: listed.repo, fact, value, source: listed.source });
    };
    add("listed", `yes (seen ${listed.seenAt})`);
    add("description", listed.description);
    add("topics", listed.topics.join(", "));
    add("default branch", listed.defaultBranch ?? "");
    add("languages", listed.languages.join(", "));
    if (listed.archived) add("archived", "yes: no target unless baton.config.yaml lists it");
  }
  for (const profile of snapshot.profiles) {
    const at = profile.revision ? ` at ${profile.revision.slice(0, 7)}` : "";
    const source = `${profile.sources.join(", ") || "the repository"}${at}, read ${profile.builtAt}`;
    const shown = profile.terms.slice(0, SHOWN_PROFILE_TERMS).join(", ");
    const more = profile.terms.length > SHOWN_PROFILE_TERMS ? ", …" : "";
    facts.push({
      target: profile.repo,
      fact: "profile",
      value: `${profile.terms.length} terms: ${shown}${more}`,
      source,
    });
    if (profile.summary) facts.push({ target: profile.repo, fact: "readme", value: profile.summary, source });
  }
  return facts;
}
