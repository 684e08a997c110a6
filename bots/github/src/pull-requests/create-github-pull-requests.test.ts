import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGithubPullRequests } from "./create-github-pull-requests.js";

describe("Baton's pull requests on GitHub", () => {
  let github: FakeGithub;
  beforeEach(async () => {
    github = await startFakeGithub();
    github.install("acme/api", 7);
  });
  afterEach(() => github.close());

  it("tells an open pull request from a merged or a closed one, and says nothing of one it cannot read", async () => {
    const pulls = createGithubPullRequests({ apiUrl: github.url });
    const token = github.issueInstallationToken(7);
    const signal = new AbortController().signal;
    for (const number of [1, 2, 3])
      github.seedIssue({
        repo: "acme/api",
        number,
        title: `pull ${number}`,
        pull: { headRepo: "acme/api", headRef: `baton/pull-${number}`, baseRef: "main", draft: true },
      });
    github.closePullRequest("acme/api", 2, { merged: true });
    github.closePullRequest("acme/api", 3, { merged: false });

    const stateOf = (number: number, as = token) =>
      pulls.stateOf({ repo: "acme/api", token: as, number }, signal);
    expect(await stateOf(1)).toBe("open");
    expect(await stateOf(2)).toBe("merged");
    expect(await stateOf(3)).toBe("closed");
    expect(await stateOf(4)).toBeNull();
    expect(await stateOf(1, "not-a-token")).toBeNull();
  });
});
