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
  });
  afterEach(() => s.close());

  it("a comment on the PR continues the Slack session, and is answered on the PR", async () => {
    const { ts } = await s.slack.mention({
      channel: "C0CHECKOUT",
      text: "add a retry to the payment call in env:checkout",
    });
    const first = await s.agent.waitForRun(1);
    expect(first.turn.target).toEqual({ kind: "environment", id: "checkout" });
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

    await s.deliver(
      buildIssueCommentEvent({
        repo: "acme/api",
        installationId: TEST_INSTALLATION_ID,
        sender: { login: "octocat" },
        number: 77,
        commentId: 3001,
        body: "@baton also log each retry",
        onPullRequest: true,
      }),
    );
    const second = await s.agent.waitForRun(2);
    // The same session, with the target it had in Slack, not the PR's repository.
    expect(second.turn.session.id).toBe(first.turn.session.id);
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
