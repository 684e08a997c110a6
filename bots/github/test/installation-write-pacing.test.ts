import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

/** Long enough that a write queued behind another of the same installation cannot finish meanwhile. */
const WRITE_SPACING_MS = 60_000;
/** How long a write to another installation may take; far below the spacing it must not wait. */
const UNBLOCKED_WITHIN_MS = 10_000;

// Probot keys the throttle's queues by installation (`throttle.id`); Baton's own throttle settings
// must keep that key, or one busy organization would hold up every other one's replies.
describe("GitHub: write pacing", () => {
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub();
    github.install("acme/api", 501);
    github.install("other/web", 502);
  });
  afterAll(() => github.close());

  it("spaces one installation's writes, and never makes another installation wait behind them", async () => {
    const octokits = await octokitsForFakeGithub(github, { writeMinIntervalMs: WRITE_SPACING_MS });
    const acme = await octokits.forInstallation(501);
    const other = await octokits.forInstallation(502);
    const comment = (octokit: typeof acme, repo: string, body: string) =>
      octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner: repo.split("/")[0]!,
        repo: repo.split("/")[1]!,
        issue_number: 1,
        body,
      });

    await comment(acme, "acme/api", "first");
    // Queued behind "first" for the spacing; abandoned when the test ends.
    const queued = comment(acme, "acme/api", "second");
    queued.catch(() => {});
    const elsewhere = await Promise.race([
      comment(other, "other/web", "meanwhile").then(() => "posted"),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), UNBLOCKED_WITHIN_MS)),
    ]);
    expect(elsewhere).toBe("posted");
    expect(github.commentsOn("acme/api", 1).map((c) => c.body)).toEqual(["first"]);
    expect(github.commentsOn("other/web", 1).map((c) => c.body)).toEqual(["meanwhile"]);
  });
});
