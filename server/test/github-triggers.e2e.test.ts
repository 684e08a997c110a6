import {
  buildIssueCommentEvent,
  buildIssuesEvent,
  buildPullRequestEvent,
  buildReviewCommentEvent,
  buildReviewEvent,
  type GithubSender,
} from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

const REPO = "acme/api";
const WRITER: GithubSender = { login: "octocat" };
const base = { repo: REPO, installationId: TEST_INSTALLATION_ID, sender: WRITER };
const CATALOG = `
repositories:
  - repo: acme/api
  - repo: acme/web
  - repo: acme/tools
  - repo: acme/sdk
environments:
  - id: sdks
    name: SDKs
    repositories: [acme/tools, acme/sdk]
`;

describe("what starts a GitHub session", () => {
  let s: GithubScenario;
  beforeAll(async () => {
    s = await startGithubScenario({ catalogYaml: CATALOG });
    s.github.setPermission(REPO, "octocat", "write");
    s.github.setFile("acme/web", ".github/baton.yml", "autoReview: true\ntriggerLabel: agent\n");
    s.github.setPermission("acme/web", "octocat", "maintain");
  });
  afterAll(() => s.close());

  it("a review comment: the prompt carries the file, line and diff hunk; 👀 goes on the review comment", async () => {
    const webhook = buildReviewCommentEvent({
      ...base,
      pull: { number: 21, title: "Add retries" },
      commentId: 501,
      body: "@baton is this retry safe?",
      path: "src/retry.ts",
      line: 42,
      diffHunk: "@@ -40,3 +40,4 @@\n+  await retry(fn)",
    });
    expect((await s.deliver(webhook)).status).toBe(202);
    const run = await s.finishNextRun();
    expect(run.turn.prompt).toMatch(/^is this retry safe\?/);
    expect(run.turn.prompt).toContain("review comment on src/retry.ts, line 42");
    expect(run.turn.prompt).toContain("+  await retry(fn)");
    await s.github.waitForCall("POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions");
    expect(s.github.reactionsOn({ kind: "review_comment", repo: REPO, commentId: 501 })).toHaveLength(1);
    await s.waitForComment(REPO, 21, (body) => body.includes("✅ **Done**"));
  });

  it("a submitted review's body: 👀 on the pull request", async () => {
    await s.deliver(
      buildReviewEvent({
        ...base,
        pull: { number: 22 },
        reviewId: 601,
        body: "@baton address these comments",
      }),
    );
    const run = await s.finishNextRun();
    expect(run.turn.prompt).toMatch(/^address these comments/);
    await s.waitForComment(REPO, 22, (body) => body.includes("✅ **Done**"));
    expect(s.github.reactionsOn({ kind: "issue", repo: REPO, issueNumber: 22 })).toHaveLength(1);
  });

  it("@baton in a new issue's body", async () => {
    await s.deliver(
      buildIssuesEvent("opened", {
        ...base,
        number: 23,
        title: "Crash on start",
        body: "@baton please find the cause",
      }),
    );
    const run = await s.finishNextRun();
    expect(run.turn.prompt).toMatch(/^please find the cause/);
    expect(run.turn.prompt).toContain("Issue acme/api#23: Crash on start");
  });

  it("@baton in a pull request from a fork: the prompt says so and marks it untrusted", async () => {
    await s.deliver(
      buildPullRequestEvent("opened", {
        ...base,
        pull: { number: 24, body: "@baton review this", headRepo: "stranger/api", headRef: "patch-1" },
      }),
    );
    const run = await s.finishNextRun();
    expect(run.turn.prompt).toMatch(/^review this/);
    expect(run.turn.prompt).toContain("comes from a fork (stranger/api, branch patch-1)");
    expect(run.turn.prompt).toContain('trust="untrusted"');
  });

  it("flags in text that others wrote (a title) steer nothing", async () => {
    await s.deliver(
      buildIssueCommentEvent({
        ...base,
        number: 29,
        commentId: 901,
        title: "Bug !model evil-model",
        body: "@baton look",
      }),
    );
    const run = await s.finishNextRun();
    expect(run.turn.model).toBeUndefined();
    expect(run.turn.prompt).toContain("Bug ! model evil-model");
  });

  it("the label (default `baton`) starts a session; another label does not", async () => {
    await s.deliver(buildIssuesEvent("labeled", { ...base, number: 25, label: "bug" }));
    await s.waitForLog("core.turn.declined", { reason: "other_label" });
    await s.deliver(buildIssuesEvent("labeled", { ...base, number: 25, label: "baton" }));
    const run = await s.finishNextRun();
    expect(run.turn.prompt).toMatch(/^Work on this issue/);
    await s.waitForComment(REPO, 25, (body) => body.includes("✅ **Done**"));
    // Only the admitted label turn was answered: one comment, one 👀.
    expect(s.github.commentsOn(REPO, 25)).toHaveLength(1);
    expect(s.github.reactionsOn({ kind: "issue", repo: REPO, issueNumber: 25 })).toHaveLength(1);
  });

  it("a repository's .github/baton.yml sets its own label and turns on automatic review", async () => {
    const web = { ...base, repo: "acme/web" };
    await s.deliver(buildPullRequestEvent("labeled", { ...web, pull: { number: 3 }, label: "baton" }));
    await s.waitForLog("core.turn.declined", { reason: "other_label" }, 2);
    await s.deliver(buildPullRequestEvent("labeled", { ...web, pull: { number: 3 }, label: "agent" }));
    expect((await s.finishNextRun()).turn.prompt).toMatch(/^Review this pull request/);
    await s.deliver(
      buildPullRequestEvent("opened", { ...web, pull: { number: 4, title: "Speed up search" } }),
    );
    const review = await s.finishNextRun();
    expect(review.turn.prompt).toMatch(/^Review this pull request/);
    expect(review.turn.prompt).toContain("Pull request acme/web#4: Speed up search");
  });

  it(".github/baton.yml adds its instructions and model, and points to its default environment", async () => {
    const tools = { ...base, repo: "acme/tools" };
    s.github.setPermission("acme/tools", "octocat", "write");
    s.github.setPermission("acme/sdk", "octocat", "write"); // the default environment's other repository
    s.github.setFile(
      "acme/tools",
      ".github/baton.yml",
      "instructions: Always run make check.\nmodel: gpt-tools\ndefaultEnvironment: sdks\n",
    );
    await s.deliver(
      buildIssueCommentEvent({ ...tools, number: 8, commentId: 1801, body: "@baton bump the version" }),
    );
    const run = await s.finishNextRun();
    expect(run.turn.prompt).toContain("Always run make check.");
    expect(run.turn.prompt).toContain('<repository-instructions source=".github/baton.yml">');
    expect(run.turn.model).toBe("gpt-tools");
    expect(run.turn.target).toEqual({ kind: "environment", id: "sdks" });
  });

  it(".github/baton.yml can turn Baton off in a repository", async () => {
    const sdk = { ...base, repo: "acme/sdk" };
    s.github.setPermission("acme/sdk", "octocat", "write");
    s.github.setFile("acme/sdk", ".github/baton.yml", "enabled: false\n");
    await s.deliver(buildIssueCommentEvent({ ...sdk, number: 9, commentId: 1901, body: "@baton do it" }));
    await s.waitForComment("acme/sdk", 9, (body) => body.includes("turned off in this repository"));
  });

  it("no automatic review where the repository did not ask for it, nor of drafts", async () => {
    await s.deliver(buildPullRequestEvent("opened", { ...base, pull: { number: 26 } }));
    await s.waitForLog("core.turn.declined", { reason: "auto_review_off" });
    const draft = await s.deliver(
      buildPullRequestEvent("opened", { ...base, repo: "acme/web", pull: { number: 5, draft: true } }),
    );
    expect(JSON.parse(draft.body)).toEqual({ ignored: "no_trigger" });
    expect(s.github.commentsOn(REPO, 26)).toEqual([]);
    expect(s.github.reactionsOn({ kind: "issue", repo: REPO, issueNumber: 26 })).toEqual([]);
  });

  it("bots never trigger, Baton included", async () => {
    const fromBot = await s.deliver(
      buildIssueCommentEvent({
        ...base,
        sender: { login: "baton[bot]", type: "Bot" },
        number: 27,
        commentId: 701,
        body: "@baton loop forever",
      }),
    );
    expect(fromBot.status).toBe(200);
    expect(JSON.parse(fromBot.body)).toEqual({ ignored: "sender_is_bot" });
  });

  it("ignores comments without a mention, quotes of one, and events it does not read", async () => {
    const plain = await s.deliver(
      buildIssueCommentEvent({ ...base, number: 28, commentId: 801, body: "> @baton do it\nno thanks" }),
    );
    expect(JSON.parse(plain.body)).toEqual({ ignored: "no_trigger" });
    const ping = await s.deliver({
      event: "ping",
      payload: { zen: "Keep it logically awesome.", hook_id: 1 },
    });
    expect(ping.status).toBe(200);
    const star = await s.deliver({ event: "star", payload: { action: "created" } });
    expect(JSON.parse(star.body)).toEqual({ ignored: "event_star" });
  });
});
