import { buildIssueCommentEvent } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "./fixtures/slack-test-actions.js";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

const ISSUES = [21, 22, 23, 24];
const EDITS = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";

describe("GitHub sessions on the installation's shared content budget, against the fake GitHub's limits", () => {
  let s: GithubScenario;
  afterEach(() => s.close());

  it("stream progress far faster than the installation may write: nothing refused, only the latest status, every result", async () => {
    s = await startGithubScenario({
      // Two writes a second, eight at once, at the fake; Baton spends six at once (headroom for
      // writes that arrive later than they were let through).
      fakeGithub: { rateLimits: { contentPerMinute: { limit: 120, periodMs: 60_000, burst: 8 } } },
      env: { BATON_RATE_LIMITS: "github:content-minute=120/m:6", BATON_WORKER_CONCURRENCY: "4" },
    });
    s.github.setPermission("acme/api", "octocat", "write");
    for (const number of ISSUES)
      await s.deliver(
        buildIssueCommentEvent({
          repo: "acme/api",
          installationId: TEST_INSTALLATION_ID,
          sender: { login: "octocat" },
          number,
          commentId: 9_000 + number,
          body: `@baton fix issue ${number}`,
        }),
      );
    // Each turn starts once its working comment is written: eight writes against six at once.
    await s.agent.waitForRun(ISSUES.length, 30_000);
    for (let step = 0; step < 20; step += 1) {
      for (const run of s.agent.runs) run.emit({ type: "status", message: `status ${step}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const run of s.agent.runs) run.finish();
    for (const number of ISSUES)
      await s.waitForComment("acme/api", number, (body) => body.includes("finished: fix issue"));

    expect(s.github.calls.filter((call) => call.status === 403 || call.status === 429)).toEqual([]);
    const edits = s.github.callsTo(EDITS).map((call) => String(call.body.body).match(/status (\d+)/)?.[1]);
    const shown = edits.filter((n): n is string => n !== undefined).map(Number);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(ISSUES.length * 20);
    for (const number of ISSUES) {
      const comments = await eventually(`issue ${number}'s one comment`, () =>
        s.github.commentsOn("acme/api", number).filter((c) => c.author !== "octocat"),
      );
      expect(comments).toHaveLength(1);
    }
  }, 60_000);
});
