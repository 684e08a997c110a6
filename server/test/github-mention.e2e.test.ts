import { buildIssueCommentEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

const COMMENTS = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
const EDITS = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";
const COMMENT_REACTIONS = "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions";

describe("@baton in an issue comment, end to end", () => {
  let s: GithubScenario;
  beforeEach(async () => {
    s = await startGithubScenario();
    s.github.setPermission("acme/api", "octocat", "write");
  });
  afterEach(() => s.close());

  it("reacts 👀, posts one working comment, edits it with progress and the result", async () => {
    const webhook = buildIssueCommentEvent({
      repo: "acme/api",
      installationId: TEST_INSTALLATION_ID,
      sender: { login: "octocat" },
      number: 12,
      commentId: 9001,
      title: "Login fails on Safari",
      body: "@baton fix the flaky login test",
    });
    const delivered = await s.deliver(webhook);
    expect(delivered.status).toBe(202);

    await s.github.waitForCall(COMMENT_REACTIONS);
    expect(
      s.github
        .reactionsOn({ kind: "issue_comment", repo: "acme/api", commentId: 9001 })
        .map((r) => r.content),
    ).toEqual(["eyes"]);

    const run = await s.agent.waitForRun(1);
    expect(run.turn.prompt).toMatch(/^fix the flaky login test\n/);
    expect(run.turn.prompt).toContain('<github-context trust="untrusted">');
    expect(run.turn.prompt).toContain("Issue acme/api#12: Login fails on Safari");
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });

    const [working] = await s.github.waitForCall(COMMENTS);
    expect(working?.params).toMatchObject({ owner: "acme", repo: "api", issue_number: "12" });
    expect(String(working?.body.body)).toContain("Working on it");
    expect(String(working?.body.body)).toContain("`acme/api`");

    run.emit({ type: "status", message: "Running the tests" });
    await s.github.waitForCall(EDITS);
    run.finish([
      {
        type: "artifact",
        artifact: { kind: "pull_request", url: "https://github.com/acme/api/pull/13", title: "Fix login" },
      },
      { type: "done", summary: "Fixed the **race** in the login test." },
    ]);
    const comments = await s.waitForComment("acme/api", 12, (body) => body.includes("✅ **Done**"));
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body).toContain("Fixed the **race** in the login test.");
    expect(body).toContain("[Pull request: Fix login](https://github.com/acme/api/pull/13)");
    expect(body).toMatch(/🔗 \[Read-only transcript\]\(http:\/\/[^)]+\/s\/[\w-]+\)/);
    expect(body).toMatch(/after \d+s/);
    // One comment for the turn: the working comment, edited in place.
    expect(s.github.callsTo(COMMENTS)).toHaveLength(1);
  });
});
