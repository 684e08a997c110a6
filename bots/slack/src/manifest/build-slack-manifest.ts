import { SEND_TO_BATON_CALLBACK_ID, SLASH_COMMAND } from "../inbound/register-slack-interactions.js";

/** The gateway path Slack posts events, interactions, slash commands and option requests to. */
export const SLACK_EVENTS_PATH = "/slack/events";
export const DEFAULT_SLACK_APP_NAME = "Baton";
/** Slack's limit on `display_information.name`. */
export const SLACK_APP_NAME_MAX_CHARS = 35;

/**
 * The bot token's scopes, each with the reason Baton asks for it. The `*:history` scopes are what
 * the `message.*` events need (thread follow-ups, context between turns, DMs); `*:read` let Baton
 * look up the conversations it is in.
 */
export const SLACK_BOT_SCOPES = [
  "app_mentions:read", // @baton in channels
  // The working message, results, ephemeral replies, and the thread's status line
  // (assistant.threads.setStatus accepts chat:write since March 2026).
  "chat:write",
  // /baton and "Send to Baton" work in public channels Baton was not invited to.
  "chat:write.public",
  "commands", // the /baton slash command and the message shortcut
  "reactions:write", // 👀, then ✅ / ❌ / ⏹
  "reactions:read",
  "channels:history",
  "groups:history",
  "im:history",
  "mpim:history",
  "channels:read",
  "groups:read",
  "im:read",
  "mpim:read",
  "users:read", // names of the people who ask, and guests (access.slack.guests)
  "usergroups:read", // who is in the user groups access.slack.userGroups allows
  // Not assistant:write: Slack now prefers chat:write for setStatus, and an app asking for a
  // scope its installs lack is one an admin must approve again. An install whose token Slack
  // refuses setStatus for gets its progress as edits of the working message instead.
] as const;

/** Mentions, every message in conversations Baton is in (follow-ups and context), and DMs. */
export const SLACK_BOT_EVENTS = [
  "app_mention",
  "message.channels",
  "message.groups",
  "message.im",
  "message.mpim",
] as const;

export type SlackManifestOptions =
  | { socketMode: true; baseUrl?: string; appName?: string }
  | { socketMode?: false; baseUrl: string; appName?: string };

/** The app manifest, in the shape Slack documents (https://docs.slack.dev/reference/app-manifest). */
export interface SlackManifest {
  _metadata: { major_version: number; minor_version: number };
  display_information: {
    name: string;
    description: string;
    long_description: string;
    background_color: string;
  };
  features: {
    app_home: {
      home_tab_enabled: boolean;
      messages_tab_enabled: boolean;
      messages_tab_read_only_enabled: boolean;
    };
    bot_user: { display_name: string; always_online: boolean };
    slash_commands: Array<{
      command: string;
      url?: string;
      description: string;
      usage_hint: string;
      should_escape: boolean;
    }>;
    shortcuts: Array<{ name: string; type: "message" | "global"; callback_id: string; description: string }>;
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    event_subscriptions: { request_url?: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url?: string; message_menu_options_url?: string };
    org_deploy_enabled: boolean;
    socket_mode_enabled: boolean;
    token_rotation_enabled: boolean;
  };
}

const DESCRIPTION = "Hands work to a background coding agent and answers in the thread.";
// Slack rejects a long_description under 174 characters.
const LONG_DESCRIPTION = [
  "Mention @baton in a channel, DM it, use /baton or the Send to Baton message shortcut, and Baton",
  "picks the repository the request is about, runs it on a coding agent, keeps the thread posted while",
  "it works, and replies with the result and a read-only link to the session's transcript. Replies in",
  "the thread continue the same session.",
].join(" ");

/**
 * Builds the Slack app manifest for Baton: every scope, event, the `/baton` command, the
 * "Send to Baton" shortcut and, over HTTP, the request URLs (all `<baseUrl>/slack/events`). With
 * Socket Mode there are no request URLs: Slack sends everything over the app's WebSocket.
 *
 * @example
 * buildSlackManifest({ baseUrl: "https://baton.example.com" }).settings.event_subscriptions.request_url;
 * // "https://baton.example.com/slack/events"
 */
export function buildSlackManifest(options: SlackManifestOptions): SlackManifest {
  const { appName = DEFAULT_SLACK_APP_NAME } = options;
  const socketMode = options.socketMode === true;
  if (appName.trim() === "" || appName.length > SLACK_APP_NAME_MAX_CHARS) {
    throw new RangeError(
      `The app name must be 1 to ${SLACK_APP_NAME_MAX_CHARS} characters, got ${appName.length}.`,
    );
  }
  // Over Socket Mode Slack sends everything on the app's WebSocket, so no URL is set at all.
  const requestUrl = socketMode ? undefined : eventsUrl(options.baseUrl);
  const ifHttp = <T extends object>(fields: T): T | Record<never, never> =>
    requestUrl === undefined ? {} : fields;

  return {
    _metadata: { major_version: 1, minor_version: 1 },
    display_information: {
      name: appName,
      description: DESCRIPTION,
      long_description: LONG_DESCRIPTION,
      background_color: "#1f2933",
    },
    features: {
      // The Messages tab is where people DM Baton.
      app_home: {
        home_tab_enabled: false,
        messages_tab_enabled: true,
        messages_tab_read_only_enabled: false,
      },
      bot_user: { display_name: botDisplayName(appName), always_online: true },
      slash_commands: [
        {
          command: SLASH_COMMAND,
          ...ifHttp({ url: requestUrl }),
          description: "Hand a task to a background coding agent",
          usage_hint: "fix the flaky checkout test in acme/web",
          should_escape: false,
        },
      ],
      shortcuts: [
        {
          name: "Send to Baton",
          type: "message",
          callback_id: SEND_TO_BATON_CALLBACK_ID,
          description: "Hand this message to Baton as a task; it answers in the thread",
        },
      ],
    },
    oauth_config: { scopes: { bot: [...SLACK_BOT_SCOPES] } },
    settings: {
      event_subscriptions: { ...ifHttp({ request_url: requestUrl }), bot_events: [...SLACK_BOT_EVENTS] },
      interactivity: {
        is_enabled: true,
        ...ifHttp({ request_url: requestUrl, message_menu_options_url: requestUrl }),
      },
      org_deploy_enabled: false,
      socket_mode_enabled: socketMode,
      token_rotation_enabled: false,
    },
  };
}

/** `https://host/prefix/` → `https://host/prefix/slack/events`; query and fragment are dropped. */
function eventsUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined || baseUrl === "") {
    throw new TypeError("An HTTP manifest needs the public base URL that Slack will post to.");
  }
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}${SLACK_EVENTS_PATH}`;
}

/** Slack allows a-z, 0-9, -, _ and . in a bot's display name; the app name is folded to fit. */
function botDisplayName(appName: string): string {
  const folded = appName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return folded === "" ? "baton" : folded;
}
