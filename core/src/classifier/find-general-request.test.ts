import { describe, expect, it } from "vitest";
import { findGeneralRequest } from "./find-general-request.js";

describe("findGeneralRequest", () => {
  it.each([
    ["write a haiku about friday deploys", "write a haiku"],
    ["hey, can you explain what a kafka consumer group rebalance is", "explain what a "],
    ["what's a good name for a feature flag that hides the new checkout?", "what's a good name"],
    ["translate 'your order has shipped' into german", "translate"],
    ["please draft a polite reply to a customer whose refund is late", "draft a polite reply"],
    ["what's the difference between a mutex and a semaphore?", "what's the difference between"],
  ])("%s", (text, opening) => {
    expect(findGeneralRequest(text)).toBe(opening);
  });

  it("keeps requests about the team's own code, or that only mention prose later", () => {
    for (const text of [
      "write a haiku generator for our 404 page",
      "explain why the ledger double counts payouts",
      "draft a reply template in acme/support-tools",
      "the storefront should show a poem; write a haiku there",
      "fix the translate button on the product page",
    ]) {
      expect(findGeneralRequest(text), text).toBeUndefined();
    }
  });
});
