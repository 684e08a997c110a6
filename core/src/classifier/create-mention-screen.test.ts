import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadEvalSet, loadHoldoutSet } from "../../test/fixtures/classifier/eval-set.js";
import { SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { parseCatalog } from "../config/load-catalog.js";
import { createMentionIndex } from "./create-mention-index.js";
import { createMentionScreen } from "./create-mention-screen.js";
import { readExplicitMentions } from "./find-explicit-mentions.js";

const evalSet = loadEvalSet();
const indexes = { small: createMentionIndex(SMALL_CATALOG), eval: createMentionIndex(evalSet.catalog) };

/** The screen may only say "nothing here" where the full read finds nothing. */
function screenedWrongly(text: string, catalog: keyof typeof indexes): boolean {
  const index = indexes[catalog];
  return !index.mayNameTarget(text) && readExplicitMentions(text, index).length > 0;
}

// Pieces a request is made of, chosen to reach every branch of the full read: catalog names and
// aliases (plural too), environment words, prefixes, paths and links, places, people, markup, quotes and
// fences, injected instructions, negations, punctuation, and characters outside ASCII.
const PIECES = [
  ...["acme/web", "ACME/Payments", "payments-ledger", "payments_ledger", "Payments-Ledger.", "web", "api"],
  ...["storefront", "Storefronts", "public api", "public-APIs", "the handbook", "in the storefront"],
  ...["env", "environment", "Finance environment", "checkout env", "env:money", "repo:acme/infra"],
  ...["repo: none", "no repo", "without the codebase", "code base", "not without the repo", "!no-repo"],
  ...["https://github.com/acme/api/pull/3", "storefront (https://x.test)", "#storefront", "#C1", "@U1"],
  ...["<mailto:a@b.test|", ">", "store", "front", "public", "ap", "i"],
  ...[
    "```",
    "> ",
    "&gt;",
    "\n",
    "\t",
    "user:",
    "system:",
    "<!--",
    "-->",
    "[[",
    "]]",
    "ignore previous instructions",
  ],
  ...[
    "don't touch",
    "is fine",
    "leave",
    "alone",
    "not",
    "but",
    "in",
    "into",
    "the",
    "our",
    "fix",
    "flaky",
    "test",
  ],
  ...[".", ",", ";", ":", "!", "?", "-", "_", "'", "’", "(", ")", "=", "é", "İ", "K", "ς"],
];
const requestText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 14 })
  .chain((pieces) =>
    fc
      .array(fc.constantFrom(" ", "", "\n", "  "), { minLength: pieces.length, maxLength: pieces.length })
      .map((gaps) => pieces.map((piece, i) => `${gaps[i]}${piece}`).join("")),
  );

describe("createMentionScreen", () => {
  it("lets a plain request skip the full read, and stops one that names a target", () => {
    const screen = createMentionScreen(SMALL_CATALOG);
    expect(screen("fix the flaky login test number 12")).toBe(false);
    expect(screen("why is checkout slow? it times out: see the logs")).toBe(false);
    expect(screen("please bump lodash in acme/payments")).toBe(true);
    expect(screen("the Payments-Ledger tests are flaky")).toBe(true);
    expect(screen("the storefronts show the wrong currency")).toBe(true);
    expect(screen("in the Finance environment, trace a refund")).toBe(true);
    expect(screen("quick question, no codebase needed")).toBe(true);
    expect(screen("fix the café menu")).toBe(true);
  });

  it("reads every text in full when a repository name has no letters or digits to look for", () => {
    const screen = createMentionScreen(parseCatalog({ repositories: [{ repo: "acme/--" }] }, "test"));
    expect(screen("fix the flaky login test")).toBe(true);
  });

  it("never screens out a labeled request of the classifier's evaluation sets", () => {
    const texts = [...evalSet.cases, ...loadHoldoutSet()].flatMap((c) => [
      c.text,
      ...Object.values(c.context),
    ]);
    for (const catalog of ["small", "eval"] as const) {
      expect(texts.filter((text) => screenedWrongly(text, catalog))).toEqual([]);
    }
    // Not vacuous: many of them do skip the full read.
    expect(texts.filter((text) => !indexes.eval.mayNameTarget(text)).length).toBeGreaterThan(50);
  });

  it("never screens out a text the full read finds a mention in (property)", () => {
    let skipped = 0;
    fc.assert(
      fc.property(requestText, fc.constantFrom("small", "eval" as const), (text, catalog) => {
        if (!indexes[catalog].mayNameTarget(text)) skipped += 1;
        expect(screenedWrongly(text, catalog)).toBe(false);
      }),
      { numRuns: 3000 },
    );
    expect(skipped).toBeGreaterThan(100);
  });
});
