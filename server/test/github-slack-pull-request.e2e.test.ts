import { createRedisKeys } from "@baton/core";
import { buildIssueCommentEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

const CATALOG = `
repositories:
  - repo: acme/api
    description: The API
  - repo: acme/web
    description: The storefront
environments:
  - id: checkout
    name: Checkout
    repositories: [acme/api, acme/web]

`;

describe("a conversation that starts in Slack and goes on in the pull request it made", () => {
  let s: GithubScenario;
  beforeEach(async () => {
    s = await startGithubScenario({ bots: ["slack", "github"], catalogYaml: CATALOG });
    s.github.setPermission("acme/api", "octocat", "write");
    // The session's environment reaches acme/web too: who continues it on the PR must write there.
    s.github.setPermission("acme/web", "octocat", "write");
  });
  afterEach(() => s.close());

  /** A Slack session on env:checkout whose first turn opened acme/api#77. */
  async function sessionThatOpenedPullRequest() {
    const { ts } = await s.slack.mention({
      channel: "C0CHECKOUT",
      text: "add a retry to the payment call in env:checkout",
    });
    const first = await s.agent.waitForRun(1);
    first.finish([
      {
        type: "artifact",
        artifact: {
          kind: "pull_request",
          url: "https://github.com/acme/api/pull/77",
          title: "Retry payment calls",
        },
      },
      { type: "done", summary: "Opened a pull request." },
    ]);
    await s.t.slack.waitForCall("chat.postMessage", { count: 2 });
    return { ts, session: first.turn.session };
  }

  const commentOnPullRequest = (commentId: number, body: string) =>
    s.deliver(
      buildIssueCommentEvent({
        repo: "acme/api",
        installationId: TEST_INSTALLATION_ID,
        sender: { login: "octocat" },
        number: 77,
        commentId,
        body,
        onPullRequest: true,
      }),
    );

  async function waitForInboxLength(conversationKey: string, length: number): Promise<string[]> {
    const inbox = createRedisKeys(s.t.redis.prefix).inbox(conversationKey);
    for (let tries = 0; tries < 400; tries++) {
      const turnIds = await s.t.redis.redis.lrange(inbox, 0, -1);
      if (turnIds.length === length) return turnIds;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the inbox of ${conversationKey} never held ${length} turns`);
  }

  it("a comment on the PR queues behind the session's running turn in Slack, and runs after it", async () => {
    const { ts, session } = await sessionThatOpenedPullRequest();
    await s.slack.mention({ channel: "C0CHECKOUT", text: "and add a test", threadTs: ts });
    const fromSlack = await s.agent.waitForRun(2);

    const accepted = await commentOnPullRequest(3101, "@baton also log each retry");
    expect(accepted.status).toBe(202);
    // One queue for the whole session: the PR's turn waits behind the Slack thread's running turn.
    const [running, waiting] = await waitForInboxLength(session.conversationKey, 2);
    expect(running).toBe(fromSlack.turn.turn.id);
    expect(waiting).not.toBe(running);

    fromSlack.finish();
    const fromPullRequest = await s.agent.waitForRun(3);
    expect(fromPullRequest.turn.turn.id).toBe(waiting);
    expect(fromPullRequest.turn.session.id).toBe(session.id);
    expect(fromPullRequest.turn.prompt).toMatch(/^also log each retry/);
    fromPullRequest.finish();
    await s.waitForComment("acme/api", 77, (body) => body.includes("✅ **Done**"));
  });

  it("@baton stop on the PR stops the session's turn running in Slack", async () => {
    const { ts } = await sessionThatOpenedPullRequest();
    await s.slack.mention({ channel: "C0CHECKOUT", text: "and add a test", threadTs: ts });
    const fromSlack = await s.agent.waitForRun(2);

    expect((await commentOnPullRequest(3102, "@baton stop")).status).toBe(202);
    await s.waitForLog("bots.github.control", { word: "stop", outcome: "stopped_running" });
    for (let tries = 0; tries < 400 && !fromSlack.aborted; tries++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(fromSlack.aborted).toBe(true);
  });

  it("a comment on the PR continues the Slack session, and is answered on the PR", async () => {
    const { ts, session } = await sessionThatOpenedPullRequest();
    expect(session.target).toEqual({ kind: "environment", id: "checkout" });
    await commentOnPullRequest(3001, "@baton also log each retry");
    const second = await s.agent.waitForRun(2);
    // The same session, with the target it had in Slack, not the PR's repository.
    expect(second.turn.session.id).toBe(session.id);
    expect(second.turn.session.conversation).toMatchObject({
      platform: "slack",
      channelId: "C0CHECKOUT",
      threadTs: ts,
    });
    expect(second.turn.target).toEqual({ kind: "environment", id: "checkout" });
    expect(second.turn.prompt).toMatch(/^also log each retry/);
    second.finish();
    const comments = await s.waitForComment("acme/api", 77, (body) => body.includes("✅ **Done**"));
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain("environment checkout");
  });
});
