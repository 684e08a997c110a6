// The signed deliveries the ingest benchmark sends, one generator per platform. Each yields
// `{ path, headers, body }` signed exactly as the platform signs it, and no two are the same
// delivery: Slack's and Linear's each have their own signed body (event_id, agentSession id),
// GitHub's share 2,000 signed bodies but each gets its own X-GitHub-Delivery (not signed).
import { createHmac } from "node:crypto";
import {
  buildAgentSessionEvent,
  buildIssueCommentEvent,
  FAKE_SLACK_DEFAULTS,
  signGithubWebhook,
  signLinearWebhook,
} from "@baton/testkit";
import { FRESH_ID } from "./deliveries-file.mjs";

/** Slack app_mention events over 97 channels, each with its own event_id and message ts. */
export function* slackDeliveries({ count, tag, signingSecret }) {
  // Slack's requests carry the second they were sent; a minute ahead keeps a run inside Baton's
  // five-minute window from the first request to the last.
  const timestamp = Math.floor(Date.now() / 1000) + 60;
  for (let i = 0; i < count; i++) {
    const ts = `${1_700_000_000 + i}.${String(i % 1_000_000).padStart(6, "0")}`;
    const body = JSON.stringify({
      token: "legacy",
      team_id: FAKE_SLACK_DEFAULTS.teamId,
      api_app_id: FAKE_SLACK_DEFAULTS.appId,
      type: "event_callback",
      event_id: `Ev${tag}x${i}`,
      event_time: timestamp,
      event: {
        type: "app_mention",
        user: "U0BENCH",
        text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> fix the flaky login test number ${i}`,
        ts,
        channel: `C0BENCH${i % 97}`,
        event_ts: ts,
      },
    });
    const signature = `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
    yield {
      path: "/slack/events",
      headers: {
        "Content-Type": "application/json",
        "X-Slack-Request-Timestamp": String(timestamp),
        "X-Slack-Signature": signature,
      },
      body,
    };
  }
}

/** Distinct issues and PRs the GitHub deliveries spread over (so over many conversations). */
const GITHUB_CONVERSATIONS = 2_000;

/**
 * GitHub issue_comment deliveries: GitHub's own example payload (about 12 KB) with an @baton
 * mention, one signed body per issue or PR; the sender gives each request its own delivery id.
 */
export function* githubDeliveries({ webhookSecret }) {
  for (let i = 0; i < GITHUB_CONVERSATIONS; i++) {
    const { event, payload } = buildIssueCommentEvent({
      repo: "acme/api",
      installationId: 4242,
      sender: { login: "octocat" },
      number: i + 1,
      commentId: 9_000 + i,
      body: `@baton fix the flaky login test number ${i}`,
      onPullRequest: i % 2 === 0,
    });
    const body = JSON.stringify(payload);
    const headers = signGithubWebhook({ secret: webhookSecret, event, body, deliveryId: FRESH_ID });
    yield { path: "/api/github/webhooks", headers, body };
  }
}

// Linear refuses a webhookTimestamp more than 60 s from now: 30 s ahead gives a run 90 s.
const LINEAR_TIMESTAMP_AHEAD_MS = 30_000;
const LINEAR_ISSUES = 97;

/**
 * Linear AgentSessionEvent `created` deliveries over 97 issues of the fake workspace, each with
 * its own agent session and delivery id. Generate them just before sending: they expire in 90 s.
 */
export function* linearDeliveries({ count, tag, webhookSecret, linear }) {
  const webhookTimestamp = Date.now() + LINEAR_TIMESTAMP_AHEAD_MS;
  const issues = Array.from({ length: LINEAR_ISSUES }, (_, i) =>
    linear.store.seedIssue({ title: `Fix the flaky login test ${i}`, team: "ENG" }),
  );
  for (let i = 0; i < count; i++) {
    const payload = buildAgentSessionEvent("created", {
      store: linear.store,
      issue: issues[i % issues.length],
      agentSessionId: `bench-session-${tag}-${i}`,
      promptContext: `<issue>Fix the flaky login test number ${i}</issue>`,
      webhookTimestamp,
    });
    const body = JSON.stringify(payload);
    const headers = signLinearWebhook({
      secret: webhookSecret,
      body,
      event: payload.type,
      deliveryId: `bench-delivery-${tag}-${i}`,
    });
    yield { path: "/linear/webhooks", headers: { "Content-Type": "application/json", ...headers }, body };
  }
}
