import { describe, expect, it } from "vitest";
import { splitNegatedText } from "./split-negated-text.js";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const split = (text: string) => {
  const { affirmed, denied } = splitNegatedText(text);
  return { affirmed: squash(affirmed), denied: squash(denied) };
};

describe("splitNegatedText", () => {
  it.each([
    ["don't touch the storefront, the api serializes prices wrong", "the storefront"],
    ["not the search service, the indexer lags", "not the search service"],
    ["anything but payments please. the ledger double counts", "payments please"],
    [
      "sendgrid is fine and the notification service is fine, the template is old",
      "sendgrid and the notification service is fine",
    ],
    ["the gateway isn't the culprit; the api middleware counts OPTIONS", "the gateway"],
    ["the problem isn't the catalog service; the storefront caches prices", "the catalog service"],
    ["leave the ledger alone. invoices show the wrong proration", "the ledger"],
    ["without touching the design system, fix the checkout page", "the design system"],
    ["instead of the docs site, put it in the handbook", "the docs site"],
    ["this one isn't for payments, the ledger export is wrong", "payments"],
    ["forget the python sdk, the go sdk panics", "forget the python sdk"],
    ["we're not fixing this in the remix prototype; the storefront is broken", "the remix prototype"],
  ])("%s", (text, denied) => {
    const result = split(text);
    expect(result.denied).toBe(denied);
    expect(result.affirmed).not.toContain(denied);
  });

  it("ends a denial where the sentence turns", () => {
    expect(split("the storefront looks fine on desktop but the cart breaks on mobile")).toEqual({
      affirmed: "but the cart breaks on mobile",
      denied: "the storefront on desktop",
    });
  });

  it("keeps the place of the work out of a denied instruction", () => {
    expect(split("don't change the public API signature in acme/sdk-js")).toEqual({
      affirmed: "in acme/sdk-js",
      denied: "the public API signature",
    });
  });

  it("leaves a mid-clause 'not' and ordinary requests alone", () => {
    for (const text of [
      "checkout is not working since the deploy",
      "the coupon does not apply to sale items in the pricing engine",
      "refunds are failing in acme/payments",
      "don't use lodash in the storefront",
    ]) {
      expect(splitNegatedText(text), text).toEqual({ affirmed: text, denied: "" });
    }
  });
});
