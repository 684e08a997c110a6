import type { Catalog } from "../config/catalog.js";
import type { Target } from "../schemas/target.js";
import { createMentionScreen, type MentionScreen } from "./create-mention-screen.js";
import { createPhraseMatcher, type PhraseMatcher } from "./create-phrase-matcher.js";
import { tokenizeText } from "./tokenize-text.js";

/** Lookups for the ways a person names a target in so many words. Built once per catalog. */
export interface MentionIndex {
  /** `owner/name`, case-insensitive. */
  repositoryByFullName(fullName: string): Target | undefined;
  /**
   * A repository's own name (`payments-ledger`), when it is distinctive: it has a `-`, `_` or `.`
   * in it and no other repository shares it. `web` or `api` alone are words, not names.
   */
  repositoryByDistinctiveName(name: string): Target | undefined;
  /** An environment by id, name or alias, case-insensitive, words normalized (`Checkout revamp`). */
  environmentByName(name: string): Target | undefined;
  /** Repository aliases (`storefront`), matched as whole words. */
  readonly aliases: PhraseMatcher<Target>;
  /** Whatever a `repo:`/`!repo` value or a hint's text names: full name, distinctive name, alias or environment. */
  resolveLoosely(text: string): Target | undefined;
  /** `false` when the text cannot name a target in so many words, so the full read can be skipped. */
  mayNameTarget: MentionScreen;
}

export function createMentionIndex(catalog: Catalog): MentionIndex {
  const byFullName = new Map<string, Target>();
  const nameCounts = new Map<string, number>();
  for (const { repo } of catalog.repositories) {
    byFullName.set(repo.toLowerCase(), { kind: "repository", repo });
    const name = repo.split("/")[1]?.toLowerCase() ?? "";
    nameCounts.set(name, (nameCounts.get(name) ?? 0) + 1);
  }
  const byDistinctiveName = new Map<string, Target>();
  for (const { repo } of catalog.repositories) {
    const name = repo.split("/")[1]?.toLowerCase() ?? "";
    if (/[-_.]/.test(name) && nameCounts.get(name) === 1)
      byDistinctiveName.set(name, { kind: "repository", repo });
  }

  const environments = new Map<string, Target>();
  for (const env of catalog.environments) {
    for (const name of [env.id, env.name, ...env.aliases]) {
      environments.set(normalizeName(name), { kind: "environment", id: env.id });
    }
  }

  const aliases = createPhraseMatcher(
    catalog.repositories.flatMap(({ repo, aliases }) =>
      aliases.map((alias) => ({ phrase: alias, value: { kind: "repository", repo } as Target })),
    ),
  );
  const aliasByName = new Map<string, Target[]>();
  for (const { repo, aliases: names } of catalog.repositories) {
    for (const alias of names) {
      const key = normalizeName(alias);
      aliasByName.set(key, [...(aliasByName.get(key) ?? []), { kind: "repository", repo }]);
    }
  }

  const index: MentionIndex = {
    repositoryByFullName: (fullName) => byFullName.get(fullName.toLowerCase()),
    repositoryByDistinctiveName: (name) => byDistinctiveName.get(name.toLowerCase()),
    environmentByName: (name) => environments.get(normalizeName(name)),
    aliases,
    mayNameTarget: createMentionScreen(catalog),
    resolveLoosely(text) {
      const trimmed = text.trim().replace(/[.,;:!?]+$/, "");
      if (/^none$/i.test(trimmed)) return { kind: "none" };
      if (/^env:/i.test(trimmed)) return index.environmentByName(trimmed.slice("env:".length));
      const sameAlias = aliasByName.get(normalizeName(trimmed));
      return (
        index.repositoryByFullName(trimmed) ??
        index.repositoryByDistinctiveName(trimmed) ??
        (sameAlias?.length === 1 ? sameAlias[0] : undefined) ??
        index.environmentByName(trimmed)
      );
    },
  };
  return index;
}

function normalizeName(name: string): string {
  return tokenizeText(name).join(" ");
}
