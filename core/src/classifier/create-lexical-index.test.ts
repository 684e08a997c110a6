import { describe, expect, it } from "vitest";
import { SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { chooseLexically, findRival } from "./choose-lexically.js";
import { createLexicalIndex } from "./create-lexical-index.js";

const index = createLexicalIndex(SMALL_CATALOG);
const rank = (text: string) => index.rank([{ text, weight: 1 }]);

describe("createLexicalIndex", () => {
  it("ranks by names, aliases, keywords and descriptions", () => {
    expect(rank("the reconciliation of payouts is off")[0]?.id).toBe("acme/payments-ledger");
    expect(rank("stripe refunds fail")[0]?.id).toBe("acme/payments");
    expect(rank("swiftui list jumps")[0]?.id).toBe("acme/mobile-ios");
  });

  it("counts a word shared by many targets for less than a rare one", () => {
    const [first] = rank("payments ledger");
    expect(first?.id).toBe("acme/payments-ledger");
    const payments = rank("payments").find((r) => r.id === "acme/payments")?.score ?? 0;
    const ledger = rank("ledger").find((r) => r.id === "acme/payments-ledger")?.score ?? 0;
    expect(ledger).toBeGreaterThan(payments);
  });

  it("trusts context less than the request", () => {
    const direct = index.rank([{ text: "stripe refund", weight: 1 }])[0]?.score ?? 0;
    const fromThread = index.rank([{ text: "stripe refund", weight: 0.4 }])[0]?.score ?? 0;
    expect(fromThread).toBeCloseTo(direct * 0.4);
  });

  it("knows an environment and its repositories overlap", () => {
    expect(index.related("env:checkout", "acme/web")).toBe(true);
    expect(index.related("acme/web", "env:checkout")).toBe(true);
    expect(index.related("env:money", "acme/web")).toBe(false);
  });
});

describe("chooseLexically", () => {
  it("chooses with strong evidence and a clear margin", () => {
    const choice = chooseLexically(rank("stripe refund fails after capture"), index);
    expect(choice).toMatchObject({ kind: "chosen", best: { id: "acme/payments" } });
  });

  it("is unsure with weak evidence", () => {
    expect(chooseLexically(rank("the payments are slow"), index)).toMatchObject({ kind: "unsure" });
    expect(chooseLexically(rank("write a haiku"), index)).toEqual({
      kind: "unsure",
      reason: "Nothing in the request matches a repository or environment.",
    });
  });

  it("is unsure when two unrelated targets match about equally", () => {
    expect(chooseLexically(rank("stripe refund in the swiftui app"), index)).toMatchObject({
      kind: "unsure",
    });
  });

  it("finds a rival to a named target", () => {
    const ranking = rank("storefront swiftui ios app");
    expect(findRival(ranking, { kind: "repository", repo: "acme/web" }, { lexical: index })?.id).toBe(
      "acme/mobile-ios",
    );
    expect(
      findRival(rank("storefront cart"), { kind: "repository", repo: "acme/web" }, { lexical: index }),
    ).toBeUndefined();
  });
});
