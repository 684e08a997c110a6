import { describe, expect, it } from "vitest";
import { SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { parseCatalog } from "../config/load-catalog.js";
import { targetId } from "../schemas/target.js";
import { ASK_MAX_CANDIDATES, buildAskDecision } from "./build-ask-decision.js";
import { indexCatalog } from "./index-catalog.js";

describe("buildAskDecision", () => {
  const index = indexCatalog(SMALL_CATALOG);

  it("puts the first targets first, then the ranking, then matching environments, then No repository", () => {
    const ranking = index.lexical.rank([{ text: "ledger reconciliation", weight: 1 }]);
    const decision = buildAskDecision({
      index,
      first: [{ kind: "repository", repo: "acme/infra" }],
      ranking,
      reason: "r",
    });
    expect(decision).toEqual({
      kind: "ask",
      candidates: [
        { kind: "repository", repo: "acme/infra" },
        { kind: "repository", repo: "acme/payments-ledger" },
        { kind: "environment", id: "money" },
        { kind: "none" },
      ],
      reason: "r",
    });
  });

  it("offers the environments when nothing matches, and is never empty", () => {
    const decision = buildAskDecision({ index, ranking: [], reason: "nothing matched" });
    expect(decision.candidates.map(targetId)).toEqual(["env:checkout", "env:money", "none"]);
    const bare = buildAskDecision({
      index: indexCatalog(parseCatalog({ repositories: [] }, "t")),
      ranking: [],
      reason: "r",
    });
    expect(bare.candidates).toEqual([{ kind: "none" }]);
  });

  it("keeps the picker short", () => {
    const ranking = index.lexical.rank([
      { text: "storefront api payments ledger infra ios stripe cart", weight: 1 },
    ]);
    expect(buildAskDecision({ index, ranking, reason: "r" }).candidates.length).toBeLessThanOrEqual(
      ASK_MAX_CANDIDATES,
    );
  });
});
