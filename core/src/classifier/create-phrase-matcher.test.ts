import { describe, expect, it } from "vitest";
import { createPhraseMatcher } from "./create-phrase-matcher.js";
import { tokenizeText } from "./tokenize-text.js";

describe("createPhraseMatcher", () => {
  const matcher = createPhraseMatcher([
    { phrase: "helm", value: "charts" },
    { phrase: "Feature Flags", value: "flags" },
    { phrase: "feature", value: "product" },
  ]);
  const values = (text: string) => matcher.match(tokenizeText(text)).map((m) => m.value);

  it("matches whole words only, case-insensitively", () => {
    expect(values("Bump the HELM chart")).toEqual(["charts"]);
    expect(values("the helmet page")).toEqual([]);
  });

  it("matches phrases across separators and plurals", () => {
    expect(values("turn the feature-flag off")).toEqual(["product", "flags"]);
    expect(values("feature_flags everywhere")).toEqual(["product", "flags"]);
  });

  it("reports each phrase once however often it occurs", () => {
    expect(values("helm helm helm")).toEqual(["charts"]);
  });
});
