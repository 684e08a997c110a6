import { type ConversationRef, conversationKey, requestIdForDelivery } from "@baton/core";
import {
  buildAgentSessionEvent,
  buildAppMentionEvent,
  buildIssueCommentEvent,
  createRandomFaults,
  FAKE_LINEAR_API_KEY,
  FAKE_SLACK_DEFAULTS,
  type FakeGithub,
  type FakeLinear,
  type FakeSlack,
  newMessageTs,
  postGithubWebhook,
  postLinearWebhook,
  postSlackEvent,
  type RandomFaults,
  startFakeGithub,
  startFakeLinear,
  startFakeSlack,
} from "@baton/testkit";

export const CHAOS_SLACK_SECRET = "chaos-slack-signing-secret";
export const CHAOS_LINEAR_SECRET = "chaos-linear-webhook-secret";
export const CHAOS_REPO = "acme/api";
const GITHUB_LOGIN = "octocat";

export type ChaosPlatform = "slack" | "github" | "linear";
export const CHAOS_PLATFORMS: readonly ChaosPlatform[] = ["slack", "github", "linear"];

/** One request the run sends (and perhaps sends again), and the turn it should become. */
const CHAOS_RATE_LIMITS = [
  "slack:tier2",
  "slack:tier3",
  "slack:tier4",
  "slack:chat.postMessage",
  "github:content-minute",
  "linear:requests",
]
  .map((name) => `${name}=60000/m:1000`)
  .concat("github:content-hour=600000/h:1000")
  .join(",");

export interface PlannedTurn {
  deliveryId: string;
  turnId: string;
  /** Sends the delivery to the gateway once; resolves with the HTTP status. */
  send(gatewayUrl: string, repeat: number): Promise<number>;
}

export interface PlannedConversation {
  platform: ChaosPlatform;
  label: string;
  key: string;
  ref: ConversationRef;
  turns: PlannedTurn[];
}

/** Faults that are off while Baton starts and the conversations are seeded, on during the run. */
export interface SwitchedFaults extends RandomFaults {
  enabled: boolean;
}

function switchedFaults(rate: number, seed: number): SwitchedFaults {
  const faults = createRandomFaults({ rate, seed });
  return {
    enabled: false,
    next() {
      return this.enabled ? faults.next() : undefined;
    },
    get injected() {
      return faults.injected;
    },
  };
}

export interface ChaosPlatforms {
  slack: FakeSlack;
  github: FakeGithub;
  linear: FakeLinear;
  faults: Record<ChaosPlatform, SwitchedFaults>;
  /** The variables that point Baton's three bots at the fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startChaosPlatforms({ faultRate, seed }: { faultRate: number; seed: number }) {
  const faults = {
    slack: switchedFaults(faultRate, seed),
    github: switchedFaults(faultRate, seed + 1),
    linear: switchedFaults(faultRate, seed + 2),
  };
  const slack = await startFakeSlack({ faults: faults.slack });
  const github = await startFakeGithub({ faults: faults.github });
  const linear = await startFakeLinear({ faults: faults.linear });
  github.setPermission(CHAOS_REPO, GITHUB_LOGIN, "write");
  const platforms: ChaosPlatforms = {
    slack,
    github,
    linear,
    faults,
    env: {
      SLACK_SIGNING_SECRET: CHAOS_SLACK_SECRET,
      SLACK_BOT_TOKEN: "xoxb-chaos",
      SLACK_API_URL: slack.url,
      GITHUB_APP_ID: String(github.app.appId),
      GITHUB_PRIVATE_KEY: github.app.privateKey.replace(/\n/g, "\\n"),
      GITHUB_WEBHOOK_SECRET: github.app.webhookSecret,
      GITHUB_API_URL: github.url,
      LINEAR_WEBHOOK_SECRET: CHAOS_LINEAR_SECRET,
      LINEAR_API_KEY: FAKE_LINEAR_API_KEY,
      LINEAR_API_URL: linear.apiUrl,
      // The budget stays on (its Redis state must survive the crashes and restarts too), with
      // limits above what the run sends: at Slack's published 50 a minute, its 240 requests would
      // be paced for minutes, which is the budget working, not what chaos checks.
      BATON_RATE_LIMITS: CHAOS_RATE_LIMITS,
    },
    async close() {
      await Promise.all([slack.close(), github.close(), linear.close()]);
    },
  };
  return platforms;
}

/** `count` conversations of `platform`, with `turnsOf(i)` turns each, new to this run (`tag`). */
export function planConversations(
  platforms: ChaosPlatforms,
  platform: ChaosPlatform,
  count: number,
  turnsOf: (index: number) => number,
  tag: string,
): PlannedConversation[] {
  return Array.from({ length: count }, (_, c) => {
    const turns = turnsOf(c);
    if (platform === "slack") return planSlack(c, turns, tag);
    if (platform === "github") return planGithub(platforms, c, turns, tag);
    return planLinear(platforms, c, turns, tag);
  });
}

const planned = (platform: ChaosPlatform, ref: ConversationRef, label: string, turns: PlannedTurn[]) => ({
  platform,
  label,
  ref,
  key: conversationKey(ref),
  turns,
});

function planSlack(c: number, count: number, tag: string): PlannedConversation {
  const { teamId, botUserId } = FAKE_SLACK_DEFAULTS;
  const channelId = `C0CHAOS${tag.toUpperCase()}${c}`;
  const root = newMessageTs();
  const turns = Array.from({ length: count }, (_, t): PlannedTurn => {
    const envelope = buildAppMentionEvent({
      teamId,
      botUserId,
      channelId,
      userId: `U0CHAOS${c}`,
      text: `<@${botUserId}> chaos ${tag} slack ${c} turn ${t}`,
      ts: t === 0 ? root : newMessageTs(),
      threadTs: t === 0 ? undefined : root,
    });
    return {
      deliveryId: envelope.event_id,
      turnId: requestIdForDelivery("slack", envelope.event_id),
      send: async (url, repeat) =>
        (
          await postSlackEvent(`${url}/slack/events`, envelope, {
            signingSecret: CHAOS_SLACK_SECRET,
            ...(repeat > 0 ? { retryNum: repeat } : {}),
          })
        ).status,
    };
  });
  return planned("slack", { platform: "slack", teamId, channelId, threadTs: root }, channelId, turns);
}

function planGithub(platforms: ChaosPlatforms, c: number, count: number, tag: string): PlannedConversation {
  // An installation per conversation: GitHub paces an installation's writes to one a second.
  const installationId = 700_000 + c;
  const number = c + 1;
  const [owner = "", repo = ""] = CHAOS_REPO.split("/");
  const turns = Array.from({ length: count }, (_, t): PlannedTurn => {
    const deliveryId = `chaos-${tag}-github-${c}-${t}`;
    const webhook = buildIssueCommentEvent({
      repo: CHAOS_REPO,
      installationId,
      sender: { login: GITHUB_LOGIN },
      number,
      commentId: 5_000_000 + c * 100 + t,
      body: `@baton chaos ${tag} github ${c} turn ${t}`,
    });
    return {
      deliveryId,
      turnId: requestIdForDelivery("github", deliveryId),
      send: async (url) =>
        (await postGithubWebhook({ url, webhook, secret: platforms.github.app.webhookSecret, deliveryId }))
          .status,
    };
  });
  return planned(
    "github",
    { platform: "github", installationId, owner, repo, number },
    `${CHAOS_REPO}#${number}`,
    turns,
  );
}

function planLinear(platforms: ChaosPlatforms, c: number, count: number, tag: string): PlannedConversation {
  const { store } = platforms.linear;
  const person = store.seedUser({ name: `Chaos${c}` });
  const issue = store.seedIssue({ title: `Chaos ${tag} ${c}`, team: "ENG" });
  const session = store.seedAgentSession(issue.id);
  const turns = Array.from({ length: count }, (_, t): PlannedTurn => {
    const deliveryId = `chaos-${tag}-linear-${c}-${t}`;
    return {
      deliveryId,
      turnId: requestIdForDelivery("linear", deliveryId),
      // Built at each send: Linear refuses a webhook timestamp more than a minute old.
      send: async (url) =>
        (
          await postLinearWebhook({
            url: `${url}/linear/webhooks`,
            secret: CHAOS_LINEAR_SECRET,
            deliveryId,
            payload: buildAgentSessionEvent(t === 0 ? "created" : "prompted", {
              store,
              issue,
              agentSessionId: session.id,
              creatorId: person.id,
              ...(t === 0
                ? { promptContext: `<issue>chaos ${tag} linear ${c} turn 0</issue>` }
                : { body: `chaos ${tag} linear ${c} turn ${t}` }),
            }),
          })
        ).status,
    };
  });
  return planned(
    "linear",
    {
      platform: "linear",
      organizationId: store.organization.id,
      issueId: issue.id,
      agentSessionId: session.id,
    },
    `linear session ${session.id}`,
    turns,
  );
}
