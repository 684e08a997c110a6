import { createClassifier, silentLogger, targetId } from "@baton/core";
import { describe, expect, it } from "vitest";
import {
  buildEvalRequest,
  type CaseOutcome,
  loadEvalSet,
  loadHoldoutSet,
  scoreDecision,
} from "../fixtures/classifier/eval-set.js";
import { PLATFORMS } from "../fixtures/platforms.js";

// Issue 13's bar, on requests written without sight of the rules and never used to tune them.
const MAX_WRONG_RATE = 0.02;
const MAX_ASK_RATE = 0.2;
const KINDS = ["negation", "injection", "pasted", "description", "general", "context"];

const { catalog } = loadEvalSet();
const cases = loadHoldoutSet();

describe("the held-out labeled set", () => {
  it("has at least 100 cases covering every kind, with labels the catalog knows", () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
    for (const kind of KINDS)
      expect(cases.filter((c) => c.tags.includes(kind)).length, kind).toBeGreaterThanOrEqual(8);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    const known = new Set([
      "ask",
      "none",
      ...catalog.repositories.map((r) => r.repo),
      ...catalog.environments.map((e) => `env:${e.id}`),
    ]);
    expect(cases.flatMap((c) => [c.expect, ...c.accept]).filter((id) => !known.has(id))).toEqual([]);
  });

  it("rules + lexical path: wrong at most 2%, asks at most 20%", async () => {
    const classifier = createClassifier({ platforms: PLATFORMS, catalog, logger: silentLogger });
    const outcomes: CaseOutcome[] = [];
    const wrong: string[] = [];
    let asks = 0;
    for (const evalCase of cases) {
      const decision = await classifier.classify(buildEvalRequest(evalCase));
      const outcome = scoreDecision(evalCase, decision);
      outcomes.push(outcome);
      if (decision.kind === "ask") asks += 1;
      if (outcome === "wrong" && decision.kind === "chosen")
        wrong.push(`${evalCase.id}: chose ${targetId(decision.target)}`);
    }
    expect(wrong.length / cases.length, wrong.join("\n")).toBeLessThanOrEqual(MAX_WRONG_RATE);
    expect(asks / cases.length).toBeLessThanOrEqual(MAX_ASK_RATE);
  });
});
