import { randomBytes } from "node:crypto";
import { deliveryResult, type PaneActionResult, type PaneContext, type SimulatedPane } from "@baton/core";
import {
  buildAppMentionEvent,
  buildMessageEvent,
  type FakeSlack,
  type FakeSlackCall,
  postSlackEvent,
  postSlackInteraction,
  startFakeSlack,
} from "@baton/testkit";
import {
  buildBlockAction,
  type SlackPaneAction,
  slackPaneActionSchema,
  toSlackMentions,
} from "./slack-pane-actions.js";

/** The simulated workspace: one channel and one person, who is whoever opens the page. */
export const PLAYGROUND_SLACK_CHANNEL = { id: "C0PLAYGROUND", name: "playground" } as const;
export const PLAYGROUND_SLACK_PERSON = { id: "U0PLAYER", name: "you" } as const;
/** Ephemeral answers ("only you can see this") kept for the page; older ones drop off. */
const MAX_EPHEMERALS = 5;
const SLACK_EVENTS_PATH = "/slack/events";

interface Ephemeral {
  at: number;
  text: string;
  blocks?: unknown;
}

/**
 * The Slack pane, simulated: a fake Slack workspace in this process, a bot token and signing
 * secret made up for this run, and the person's messages and clicks delivered to the gateway as
 * signed Events API and interactivity requests. The fake's store is the pane's state.
 */
export async function createSlackPane({ logger, changed }: PaneContext): Promise<SimulatedPane> {
  const token = `xoxb-playground-${randomBytes(12).toString("hex")}`;
  const signingSecret = randomBytes(32).toString("hex");
  // Timestamps from this run's start: Baton's sessions live in Redis, which outlives a run, and a
  // thread of the previous run must not continue as this run's first thread.
  const slack = await startFakeSlack({ validTokens: [token], firstTsSeconds: Math.floor(Date.now() / 1000) });
  slack.seedChannel({ ...PLAYGROUND_SLACK_CHANNEL });
  slack.seedUser({ ...PLAYGROUND_SLACK_PERSON, realName: "You" });
  const ephemerals: Ephemeral[] = [];
  const log = logger.child({ component: "server.playground.slack" });
  // The fake's timestamps step by 100 µs from the run's start, not with the clock: the page shows
  // when a message appeared instead.
  const seen = new Map<string, number>();
  const firstSeen = (ts: string) => {
    const at = seen.get(ts) ?? Date.now();
    seen.set(ts, at);
    return at;
  };

  const unsubscribe = slack.onCall((call) => {
    const ephemeral = ephemeralOf(call);
    if (ephemeral) {
      ephemerals.push(ephemeral);
      if (ephemerals.length > MAX_EPHEMERALS) ephemerals.shift();
    }
    changed();
  });

  async function act(input: unknown, gatewayUrl: string): Promise<PaneActionResult> {
    const parsed = slackPaneActionSchema.safeParse(input);
    if (!parsed.success) return { kind: "refused", status: 400, reason: "bad_action" };
    const action = parsed.data;
    const url = `${gatewayUrl}${SLACK_EVENTS_PATH}`;
    const delivered =
      action.type === "post"
        ? await postMessage(slack, action, url, signingSecret)
        : await postSlackInteraction(url, blockActions(slack, action), { signingSecret });
    changed();
    log.info("server.playground.slack.delivered", { action: action.type, status: delivered.status });
    return deliveryResult(delivered.status);
  }

  return {
    env: { SLACK_SIGNING_SECRET: signingSecret, SLACK_BOT_TOKEN: token, SLACK_API_URL: slack.url },
    act,
    state: () => ({
      channel: PLAYGROUND_SLACK_CHANNEL,
      person: PLAYGROUND_SLACK_PERSON,
      bot: { id: slack.identity.botUserId, name: slack.identity.botName },
      messages: slack.messagesIn(PLAYGROUND_SLACK_CHANNEL.id).map((message) => ({
        ...message,
        at: firstSeen(message.ts),
        reactions: slack.reactionsOn(PLAYGROUND_SLACK_CHANNEL.id, message.ts),
        // The app's status line under the thread ("is working: …"), where the turn's progress shows.
        status: slack.threadStatus(PLAYGROUND_SLACK_CHANNEL.id, message.ts),
      })),
      ephemerals,
    }),
    async close() {
      unsubscribe();
      await slack.close();
    },
  };
}

/** Stores the message in the fake (so history and thread reads see it), then delivers its event. */
function postMessage(
  slack: FakeSlack,
  action: Extract<SlackPaneAction, { type: "post" }>,
  url: string,
  signingSecret: string,
) {
  const { text, mentioned } = toSlackMentions(action.text, slack.identity.botUserId);
  const stored = slack.seedMessage({
    channel: PLAYGROUND_SLACK_CHANNEL.id,
    user: PLAYGROUND_SLACK_PERSON.id,
    text,
    ...(action.threadTs ? { threadTs: action.threadTs } : {}),
  });
  const event = {
    teamId: slack.identity.teamId,
    botUserId: slack.identity.botUserId,
    apiAppId: slack.identity.appId,
    channelId: PLAYGROUND_SLACK_CHANNEL.id,
    userId: PLAYGROUND_SLACK_PERSON.id,
    text,
    ts: stored.ts,
    ...(action.threadTs ? { threadTs: action.threadTs } : {}),
  };
  const envelope = mentioned ? buildAppMentionEvent(event) : buildMessageEvent(event);
  return postSlackEvent(url, envelope, { signingSecret });
}

function blockActions(slack: FakeSlack, action: Extract<SlackPaneAction, { type: "click" }>) {
  const { teamId, teamDomain, appId } = slack.identity;
  const message = slack.messagesIn(PLAYGROUND_SLACK_CHANNEL.id).find((m) => m.ts === action.messageTs);
  return {
    type: "block_actions",
    team: { id: teamId, domain: teamDomain },
    user: { id: PLAYGROUND_SLACK_PERSON.id, username: PLAYGROUND_SLACK_PERSON.name, team_id: teamId },
    api_app_id: appId,
    token: "playground",
    trigger_id: `${Date.now()}.${randomBytes(4).toString("hex")}`,
    container: {
      type: "message",
      message_ts: action.messageTs,
      channel_id: PLAYGROUND_SLACK_CHANNEL.id,
      is_ephemeral: false,
    },
    channel: { ...PLAYGROUND_SLACK_CHANNEL },
    ...(message ? { message } : {}),
    response_url: `${slack.url}response`,
    actions: [buildBlockAction(action, Date.now())],
  };
}

/** What only the person sees: `chat.postEphemeral` and answers through a `response_url`. */
function ephemeralOf(call: FakeSlackCall): Ephemeral | null {
  // The fake knows no `response` method; what was posted to the response URL is what counts.
  if (call.method === "chat.postEphemeral" ? call.outcome.kind !== "ok" : call.method !== "response")
    return null;
  const text = typeof call.body.text === "string" ? call.body.text : "";
  return { at: call.at, text, ...(call.body.blocks === undefined ? {} : { blocks: call.body.blocks }) };
}
