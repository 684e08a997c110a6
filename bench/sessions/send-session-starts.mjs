// bench:sessions' people: each session's first request, signed as its platform signs it, sent to
// the gateway all at once (32 in flight): a mention in a Slack channel of its own, a comment on a
// GitHub issue of one installation, a Linear agent session created on an issue of one organization.
import { randomBytes } from "node:crypto";
import {
  buildAgentSessionEvent,
  buildAppMentionEvent,
  buildIssueCommentEvent,
  FAKE_SLACK_DEFAULTS,
  signGithubWebhook,
  signLinearWebhook,
  signSlackRequest,
} from "@baton/testkit";
import { LINEAR_WEBHOOK_SECRET, uniqueMessageTs } from "../baton-fleet.mjs";
import { BENCH_SIGNING_SECRET } from "../bench-support.mjs";

export const BENCH_REPO = "acme/api";
const INSTALLATION = 4242;
const BOT = FAKE_SLACK_DEFAULTS.botUserId;

/** The Slack channel of session `i`. */
export const slackChannelOf = (i) => `C0SESS${i}`;
/** The GitHub issue and comment of session `i`. */
const githubIssueOf = (i) => 1_000 + i;
const githubCommentOf = (i) => 100_000 + i;

/**
 * Sends every session's start; resolves with which session a GitHub issue number or comment id,
 * or a Linear agent session or issue id, belongs to (each undefined for one of no session), and
 * a Linear session's ids.
 */
export async function sendSessionStarts({ url, fakes, sessions, platforms, inPool }) {
  const linearSessions = new Map();
  const linearIds = new Map();
  fakes.github.setPermission(BENCH_REPO, "octocat", "write");
  const person = fakes.linear.store.seedUser({ name: "Bench" });
  const post = async (path, body, headers) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  };
  const starts = Array.from({ length: sessions }, (_, i) => {
    const platform = platforms[i % platforms.length];
    if (platform === "slack") {
      const body = JSON.stringify(
        buildAppMentionEvent({
          teamId: FAKE_SLACK_DEFAULTS.teamId,
          botUserId: BOT,
          channelId: slackChannelOf(i),
          userId: "U0BENCH",
          text: `<@${BOT}> session ${i}`,
          ts: uniqueMessageTs(),
        }),
      );
      return () =>
        post("/slack/events", body, signSlackRequest({ signingSecret: BENCH_SIGNING_SECRET, body }));
    }
    if (platform === "github") {
      const { event, payload } = buildIssueCommentEvent({
        repo: BENCH_REPO,
        installationId: INSTALLATION,
        sender: { login: "octocat" },
        number: githubIssueOf(i),
        commentId: githubCommentOf(i),
        body: `@baton session ${i}`,
      });
      const body = JSON.stringify(payload);
      const headers = {
        ...signGithubWebhook({ secret: fakes.github.app.webhookSecret, event, body }),
        "x-github-delivery": randomBytes(8).toString("hex"),
      };
      return () => post("/api/github/webhooks", body, headers);
    }
    const issue = fakes.linear.store.seedIssue({ title: `Session ${i}`, team: "ENG" });
    const agentSessionId = fakes.linear.store.seedAgentSession(issue.id).id;
    linearSessions.set(issue.id, i).set(agentSessionId, i);
    linearIds.set(i, { issueId: issue.id, agentSessionId });
    const payload = buildAgentSessionEvent("created", {
      store: fakes.linear.store,
      issue,
      agentSessionId,
      creatorId: person.id,
      promptContext: `<issue>session ${i}</issue>`,
    });
    const body = JSON.stringify(payload);
    return () =>
      post(
        "/linear/webhooks",
        body,
        signLinearWebhook({ secret: LINEAR_WEBHOOK_SECRET, body, event: payload.type }),
      );
  });
  await inPool(starts, 32, (send) => send());
  const githubSession = (i) =>
    i >= 0 && i < sessions && platforms[i % platforms.length] === "github" ? i : undefined;
  return {
    githubIssue: (number) => githubSession(number - githubIssueOf(0)),
    githubComment: (id) => githubSession(id - githubCommentOf(0)),
    linear: (id) => linearSessions.get(id),
    linearIds: (i) => linearIds.get(i),
  };
}
