import { STOP_WORDS, tokenizeText } from "../classifier/tokenize-text.js";
import {
  PROFILE_MAX_SUMMARY_CHARS,
  PROFILE_MAX_TERMS,
  type RepositoryProfile,
} from "./repository-profile.js";

/** Only the first part of a README is read: it says what the codebase is; the rest says how to use it. */
export const PROFILE_README_MAX_CHARS = 2_000;

// Folders every codebase has say nothing about what this one does.
const GENERIC_FOLDERS: ReadonlySet<string> = new Set(
  (
    "src lib libs app apps test tests spec specs e2e docs doc internal pkg cmd scripts script public " +
    "static assets dist build out bin vendor node_modules examples example packages tools config " +
    "configs github gitlab vscode idea husky changeset fixtures mocks main common core shared util utils"
  ).split(" "),
);

export interface RepositoryProfileInput {
  repo: string;
  readme?: string;
  /** Top-level folders (and, for monorepos, the folders under `packages/`), as paths. */
  folders?: readonly string[];
  packages?: readonly string[];
  /** CODEOWNERS owners as written (`@acme/payments-team`); people are left out by the caller or here. */
  owners?: readonly string[];
  languages?: readonly string[];
  revision?: string;
  /** Which files it was read from, for `baton catalog show`. */
  sources?: readonly string[];
  now: Date;
}

/**
 * A repository's lexical profile: the distinct words of its folders, package names, owning teams,
 * languages and README opening, most telling first, at most `PROFILE_MAX_TERMS`; and the README's
 * first paragraph as its summary. Bounded whatever the repository holds.
 *
 * @example
 * buildRepositoryProfile({ repo: "acme/shipping", readme: "# shipping\nCarrier integrations…", folders: ["carriers/fedex"], now }).terms;
 * // ["carrier", "fedex", "shipping", "integration", …]
 */
export function buildRepositoryProfile(input: RepositoryProfileInput): RepositoryProfile {
  const readme = readmeText(input.readme ?? "");
  const terms = new Set<string>();
  const add = (text: string) => {
    for (const word of tokenizeText(text)) {
      if (terms.size >= PROFILE_MAX_TERMS) return;
      if (word.length > 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word) && !GENERIC_FOLDERS.has(word))
        terms.add(word);
    }
  };
  for (const folder of input.folders ?? []) add(folder.replace(/^\.+/, ""));
  for (const name of input.packages ?? []) add(name.replace(/^@[^/]+\//, ""));
  for (const owner of input.owners ?? []) {
    // A team (`@org/team`) says who works there; a person's login says nothing of the code.
    const team = /^@[^/\s]+\/([^\s]+)$/.exec(owner)?.[1];
    if (team) add(team);
  }
  for (const language of input.languages ?? []) add(language);
  add(readme);
  return {
    repo: input.repo,
    terms: [...terms],
    summary: summarize(readme),
    sources: [...(input.sources ?? [])],
    ...(input.revision ? { revision: input.revision } : {}),
    builtAt: input.now.toISOString(),
  };
}

/** The README as prose: no code, HTML, images, badges or link targets, and only its opening. */
export function readmeText(markdown: string): string {
  return markdown
    .slice(0, PROFILE_README_MAX_CHARS * 2)
    .replace(/```[\s\S]*?(```|$)/g, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/`([^`]*)`/g, "$1")
    .slice(0, PROFILE_README_MAX_CHARS);
}

function summarize(readme: string): string {
  const paragraph =
    readme
      .split(/\n\s*\n/)
      .map((block) =>
        block
          .split("\n")
          .filter((line) => !/^\s*(#|[-=]{3,}|\|)/.test(line))
          .join(" ")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .find((block) => block.length > 0) ?? "";
  return paragraph.length <= PROFILE_MAX_SUMMARY_CHARS
    ? paragraph
    : `${paragraph.slice(0, PROFILE_MAX_SUMMARY_CHARS)}…`;
}
