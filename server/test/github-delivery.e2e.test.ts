import { buildIssueCommentEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

const REPO = "acme/api";
const COMMENTS = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";

function comment(number: number, commentId: number, body: string, login = "octocat") {
  return buildIssueCommentEvent({
    repo: REPO,
    installationId: TEST_INSTALLATION_ID,
    sender: { login },
    number,
    commentId,
    body,
    onPullRequest: true,
  });
}

describe("GitHub deliveries and conversations", () => {
  let s: GithubScenario;
  beforeEach(async () => {
    s = await startGithubScenario();
    s.github.setPermission(REPO, "octocat", "write");
    s.github.setPermission(REPO, "hubot", "write");
  });
  afterEach(() => s.close());

  it("a redelivery of the same X-GitHub-Delivery starts nothing new", async () => {
    const webhook = comment(50, 2001, "@baton once");
    const first = await s.deliver(webhook, { deliveryId: "delivery-50" });
    const again = await s.deliver(webhook, { deliveryId: "delivery-50" });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(Object.keys(JSON.parse(first.body))).toEqual(["accepted"]);
    expect(Object.keys(JSON.parse(again.body))).toEqual(["duplicate"]);
    (await s.agent.waitForRun(1)).finish();
    await s.waitForComment(REPO, 50, (body) => body.includes("✅ **Done**"));
    expect(s.agent.runs).toHaveLength(1);
    expect(s.github.callsTo(COMMENTS)).toHaveLength(1);
  });

  it("a bad or missing signature gets a 401 and starts nothing", async () => {
    const webhook = comment(51, 2101, "@baton nope");
    const forged = await s.deliver(webhook, { signature: `sha256=${"0".repeat(64)}` });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({ error: "bad_signature" });
    const wrongSecret = await s.deliver(webhook, { secret: "not-the-secret" });
    expect(wrongSecret.status).toBe(401);
    const unsigned = await fetch(`${s.t.url}/api/github/webhooks`, {
      method: "POST",
      headers: {
        "x-github-event": "issue_comment",
        "x-github-delivery": "d-unsigned",
        "content-type": "application/json",
      },
      body: JSON.stringify(webhook.payload),
    });
    expect(unsigned.status).toBe(401);
    expect(s.t.logger.lines.filter((line) => line.event === "bots.github.request_rejected")).toHaveLength(3);
    // A delivery that verifies but is not of GitHub's shape is refused with a 400.
    const malformed = await s.deliver({
      event: "issue_comment",
      payload: { action: "created", comment: {} },
    });
    expect(malformed.status).toBe(400);
    // Nothing reached GitHub for them: the only calls are the catalog's listing of the App's
    // installations, which Baton makes on its own at start.
    expect(s.github.calls.filter((call) => call.route !== "GET /app/installations")).toEqual([]);
  });

  it("one session per PR: a later @baton continues it, queued behind the running turn", async () => {
    await s.deliver(comment(52, 2201, "@baton start the refactor"));
    const first = await s.agent.waitForRun(1);
    await s.deliver(comment(52, 2202, "@baton also rename the module", "hubot"));
    await s.waitForLog("bots.github.request_accepted", {}, 2);
    expect(s.agent.runs).toHaveLength(1);
    first.finish();
    const second = await s.agent.waitForRun(2);
    expect(second.turn.session.id).toBe(first.turn.session.id);
    expect(second.turn.prompt).toMatch(/^also rename the module/);
    second.finish();
    await s.waitForLog("bots.github.result_posted", {}, 2);
    // One comment per turn.
    expect(s.github.commentsOn(REPO, 52)).toHaveLength(2);
  });

  it("@baton stop stops the running turn and drops the queued one", async () => {
    await s.deliver(comment(53, 2301, "@baton long job"));
    const run = await s.agent.waitForRun(1);
    await s.deliver(comment(53, 2302, "@baton and then this"));
    await s.waitForLog("bots.github.request_accepted", {}, 2);
    const stop = await s.deliver(comment(53, 2303, "@baton stop"));
    expect(JSON.parse(stop.body)).toEqual({ control: "stop" });
    await s.waitForComment(REPO, 53, (body) => body.includes("⏹ **Stopped**"));
    expect(run.aborted).toBe(true);
    await s.waitForLog("bots.github.control", { word: "stop", outcome: "stopped_running", dropped: 1 });
    expect(s.agent.runs).toHaveLength(1);
  });

  it("a reader's @baton stop changes nothing", async () => {
    s.github.setPermission(REPO, "reader", "read");
    await s.deliver(comment(54, 2401, "@baton long job"));
    const run = await s.agent.waitForRun(1);
    await s.deliver(comment(54, 2402, "@baton stop", "reader"));
    await s.waitForLog("bots.github.control_refused", { word: "stop" });
    expect(run.aborted).toBe(false);
    run.finish();
    await s.waitForComment(REPO, 54, (body) => body.includes("✅ **Done**"));
  });

  it("honours GitHub's secondary rate limit: waits retry-after and posts once", async () => {
    s.github.failNext(COMMENTS, { kind: "secondary_rate_limit", retryAfterSeconds: 1 });
    s.github.failNext(COMMENTS, { kind: "secondary_rate_limit", status: 429, retryAfterSeconds: 1 });
    await s.deliver(comment(55, 2501, "@baton go"));
    (await s.agent.waitForRun(1)).finish();
    await s.waitForComment(REPO, 55, (body) => body.includes("✅ **Done**"));
    expect(s.github.callsTo(COMMENTS).map((call) => call.status)).toEqual([403, 429, 201]);
    expect(s.github.commentsOn(REPO, 55)).toHaveLength(1);
    await s.waitForLog("bots.github.secondary_rate_limit", {}, 2);
  });

  it("a retried turn edits its own comment rather than posting a second one", async () => {
    await s.deliver(comment(56, 2601, "@baton flaky"));
    const first = await s.agent.waitForRun(1);
    await s.github.waitForCall(COMMENTS);
    first.finish([{ type: "error", message: "the sandbox went away", retryable: true }]);
    const retry = await s.agent.waitForRun(2);
    expect(retry.turn.turn.id).toBe(first.turn.turn.id);
    retry.finish();
    await s.waitForComment(REPO, 56, (body) => body.includes("✅ **Done**"));
    expect(s.github.callsTo(COMMENTS)).toHaveLength(1);
    expect(s.github.commentsOn(REPO, 56)).toHaveLength(1);
  });
});

describe("a GitHub control answered just before shutdown", () => {
  it("still acts: shutdown waits for it before Redis closes", async () => {
    const s = await startGithubScenario();
    try {
      s.github.setPermission(REPO, "octocat", "write");
      // The person's permission is asked of GitHub after the answer; GitHub holds it up a moment
      // (20 "seconds" of the scenario's shortened unit), and Baton is stopped meanwhile.
      s.github.failNext("GET /repos/{owner}/{repo}/collaborators/{username}/permission", {
        kind: "secondary_rate_limit",
        retryAfterSeconds: 20,
      });
      const stop = await s.deliver(comment(58, 2801, "@baton stop"));
      expect(JSON.parse(stop.body)).toEqual({ control: "stop" });
      await s.t.close();
      const events = s.t.logger.lines.map((line) => line.event);
      expect(events).not.toContain("bots.github.control_failed");
      expect(events).toContain("bots.github.control");
    } finally {
      await s.github.close();
    }
  });
});
