import { type FakeSlackMethod, slackError, stringField } from "./fake-slack-method.js";

const acknowledge: FakeSlackMethod = () => ({ ok: true });

/** Identity, users, reactions, modals and assistant threads. */
export const workspaceMethods: Record<string, FakeSlackMethod> = {
  "auth.test": ({ identity }) => ({
    ok: true,
    url: `https://${identity.teamDomain}.slack.com/`,
    team: identity.teamName,
    user: identity.botName,
    team_id: identity.teamId,
    user_id: identity.botUserId,
    bot_id: identity.botId,
    is_enterprise_install: false,
  }),

  "users.info": ({ body, directory }) => {
    const user = stringField(body, "user");
    if (user === undefined) return slackError("user_not_found");
    return { ok: true, user: directory.user(user) };
  },

  // Slack answers an unknown group, or one of another workspace than `team_id`, with
  // `no_such_subteam`, and lists members as bare user ids.
  "usergroups.users.list": ({ body, directory }) => {
    const id = stringField(body, "usergroup");
    if (id === undefined) return slackError("invalid_arguments");
    const group = directory.userGroup(id);
    const teamId = stringField(body, "team_id");
    if (!group || (teamId !== undefined && teamId !== group.teamId)) return slackError("no_such_subteam");
    return { ok: true, users: [...group.users] };
  },

  "reactions.add": ({ body, store }) => {
    const target = reactionTarget(body);
    if ("error" in target) return slackError(target.error);
    const added = store.addReaction(target.channel, target.timestamp, target.name);
    return added ? { ok: true } : slackError("already_reacted");
  },

  "reactions.remove": ({ body, store }) => {
    const target = reactionTarget(body);
    if ("error" in target) return slackError(target.error);
    const removed = store.removeReaction(target.channel, target.timestamp, target.name);
    return removed ? { ok: true } : slackError("no_reaction");
  },

  "views.open": ({ body, store, identity }) => answerView(body, store.nextViewId(), identity.appId),
  "views.push": ({ body, store, identity }) => answerView(body, store.nextViewId(), identity.appId),
  "views.publish": ({ body, store, identity }) => answerView(body, store.nextViewId(), identity.appId),
  "views.update": ({ body, store, identity }) =>
    answerView(body, stringField(body, "view_id") ?? store.nextViewId(), identity.appId),

  // The status line under a thread ("<App> is working…"), kept until the app replies, an empty
  // status clears it, or two minutes pass. Slack needs `status` present, even empty.
  "assistant.threads.setStatus": ({ body, store }) => {
    const channel = stringField(body, "channel_id");
    const threadTs = stringField(body, "thread_ts");
    if (channel === undefined) return slackError("channel_not_found");
    if (threadTs === undefined) return slackError("invalid_thread_ts");
    if (typeof body.status !== "string") return slackError("invalid_arguments");
    store.setThreadStatus(channel, threadTs, body.status);
    return { ok: true };
  },
  "assistant.threads.setTitle": acknowledge,
  "assistant.threads.setSuggestedPrompts": acknowledge,
};

type ReactionTarget = { channel: string; timestamp: string; name: string } | { error: string };

function reactionTarget(body: Record<string, unknown>): ReactionTarget {
  const channel = stringField(body, "channel");
  const timestamp = stringField(body, "timestamp");
  const name = stringField(body, "name");
  if (channel === undefined) return { error: "channel_not_found" };
  if (timestamp === undefined) return { error: "no_item_specified" };
  if (name === undefined) return { error: "invalid_name" };
  return { channel, timestamp, name };
}

function answerView(body: Record<string, unknown>, id: string, appId: string) {
  const view = body.view;
  if (typeof view !== "object" || view === null) return slackError("invalid_arguments");
  return {
    ok: true as const,
    view: { ...view, id, app_id: appId, hash: `${id}-hash`, state: { values: {} } },
  };
}
