import { describe, expect, it } from "vitest";
import { findNoRepositoryPhrase } from "./find-no-repository-phrase.js";

describe("findNoRepositoryPhrase", () => {
  it.each([
    ["no repo needed, explain idempotency keys", "no repo"],
    ["without a codebase, sketch a rollout plan", "without a codebase"],
    ["this doesn't need a repo: summarize gRPC vs REST", "doesn't need a repo"],
    ["It is not about any specific repository", "not about any specific repository"],
    ["repo: none - write the release notes", "repo: none"],
    ["No Repository. Draft the email", "No Repository"],
  ])("finds %j", (text, phrase) => {
    expect(findNoRepositoryPhrase(text)).toBe(phrase);
  });

  it.each([
    "not without the repo please",
    "you can't answer this without the repository",
    "I never said without the repo",
    "no code changes, just tell me how refunds are retried",
    "explain it without code examples",
    "fix the flaky test in acme/api",
  ])("ignores %j", (text) => {
    expect(findNoRepositoryPhrase(text)).toBeUndefined();
  });

  it("finds a later phrase when an earlier one is negated", () => {
    expect(findNoRepositoryPhrase("can't do it without the repo. Actually, no repo: just explain")).toBe(
      "no repo",
    );
  });
});
