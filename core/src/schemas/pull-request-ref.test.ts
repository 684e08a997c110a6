import { describe, expect, it } from "vitest";
import { parsePullRequestUrl, pullRequestKey } from "./pull-request-ref.js";

describe("parsePullRequestUrl", () => {
  it("reads GitHub and GitHub Enterprise Server pull request URLs", () => {
    expect(parsePullRequestUrl("https://github.com/acme/api/pull/12")).toEqual({
      owner: "acme",
      repo: "api",
      number: 12,
    });
    expect(parsePullRequestUrl("https://ghe.acme.dev/Acme/web.app/pull/7/files")).toEqual({
      owner: "Acme",
      repo: "web.app",
      number: 7,
    });
  });

  it("refuses anything else", () => {
    expect(parsePullRequestUrl("https://github.com/acme/api/issues/12")).toBeNull();
    expect(parsePullRequestUrl("https://github.com/acme/api/pull/12x")).toBeNull();
    expect(parsePullRequestUrl("not a url")).toBeNull();
  });

  it("keys a pull request the same whatever the case", () => {
    expect(pullRequestKey({ owner: "Acme", repo: "API", number: 3 })).toBe(
      pullRequestKey({ owner: "acme", repo: "api", number: 3 }),
    );
  });
});
