import { PLATFORM_CONNECTIONS } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

describe("GitHub: the App's connections", () => {
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub();
    github.install("acme/api", 601);
    github.seedIssue({ repo: "acme/api", number: 1, title: "Flaky login test" });
  });
  afterAll(() => github.close());

  it("carries a burst of an installation's requests on a few keep-alive connections", async () => {
    const octokit = await (await octokitsForFakeGithub(github)).forInstallation(601);
    const before = github.connectionsOpened;
    // Octokit's throttling lets ten requests run at once; the global fetch opened a connection for
    // each of them that found none free.
    const burst = Array.from({ length: 40 }, () =>
      octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
        owner: "acme",
        repo: "api",
        issue_number: 1,
      }),
    );
    const answers = await Promise.all(burst);
    expect(answers.map((answer) => answer.data.title)).toEqual(answers.map(() => "Flaky login test"));
    expect(github.connectionsOpened - before).toBeLessThanOrEqual(PLATFORM_CONNECTIONS);
  });
});
