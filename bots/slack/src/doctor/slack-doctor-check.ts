import type { DoctorCheck, DoctorCheckResult, DoctorContext, DoctorFinding } from "@baton/core";
import { errorMessage, platformOffResult, verifyingSecretFinding } from "@baton/core";
import { LogLevel, type Logger as SlackLogger, WebClient } from "@slack/web-api";
import type { SlackEnv } from "../slack-module.js";

const TITLE = "Slack";
const REINSTALL =
  "Reinstall the app to your workspace (its Install App page) and copy the Bot User OAuth Token (xoxb-…) into SLACK_BOT_TOKEN.";

/**
 * Slack, when configured: the bot token through `auth.test` (the call Baton makes at startup), the
 * signing secret being set, and the app-level token through `apps.connections.open` when Socket
 * Mode is on. Opening a connection URL is harmless: nothing connects to it.
 */
export const slackDoctorCheck: DoctorCheck<SlackEnv> = {
  name: "slack",
  about: "Slack: auth.test with SLACK_BOT_TOKEN, the signing secret, the Socket Mode token",
  async run(context: DoctorContext<SlackEnv>): Promise<DoctorCheckResult> {
    const { config } = context;
    if (!config.SLACK_BOT_TOKEN && !config.SLACK_SIGNING_SECRET && !config.SLACK_APP_TOKEN) {
      return platformOffResult(TITLE, "SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN");
    }
    const findings = [
      await checkBotToken(context),
      verifyingSecretFinding({
        name: "SLACK_SIGNING_SECRET",
        value: config.SLACK_SIGNING_SECRET,
        title: TITLE,
        unverified: "Slack's requests",
        fix: "Copy the Signing Secret from the app's Basic Information page into SLACK_SIGNING_SECRET.",
      }),
    ];
    if (config.SLACK_APP_TOKEN) findings.push(await checkAppToken(context));
    return { kind: "checked", title: TITLE, findings };
  },
};

async function checkBotToken({ config, timeoutMs }: DoctorContext<SlackEnv>): Promise<DoctorFinding> {
  if (!config.SLACK_BOT_TOKEN)
    return { kind: "problem", text: "SLACK_BOT_TOKEN is not set, so Slack stays off", fix: REINSTALL };
  try {
    const auth = await slackClient(config.SLACK_BOT_TOKEN, config.SLACK_API_URL, timeoutMs).auth.test();
    if (!auth.bot_id)
      return {
        kind: "problem",
        text: "auth.test: SLACK_BOT_TOKEN is not a bot token",
        fix: `Use the Bot User OAuth Token (xoxb-…), not a user token. ${REINSTALL}`,
      };
    return {
      kind: "ok",
      text: `auth.test: bot @${auth.user} (${auth.user_id}) in ${auth.team} (${auth.team_id})`,
    };
  } catch (error) {
    return describeSlackFailure(error, {
      refused: "auth.test: Slack refused SLACK_BOT_TOKEN",
      fix: REINSTALL,
    });
  }
}

async function checkAppToken({ config, timeoutMs }: DoctorContext<SlackEnv>): Promise<DoctorFinding> {
  try {
    await slackClient(config.SLACK_APP_TOKEN!, config.SLACK_API_URL, timeoutMs).apps.connections.open();
    return { kind: "ok", text: "SLACK_APP_TOKEN: Socket Mode can connect" };
  } catch (error) {
    return describeSlackFailure(error, {
      refused: "SLACK_APP_TOKEN: Slack refused it for Socket Mode",
      fix: "Generate an app-level token with the connections:write scope (Basic Information → App-Level Tokens) and set it as SLACK_APP_TOKEN (xapp-…).",
    });
  }
}

function slackClient(token: string, apiUrl: string | undefined, timeoutMs: number): WebClient {
  // One attempt: a doctor says what is wrong now rather than retrying through it.
  return new WebClient(token, {
    slackApiUrl: apiUrl,
    retryConfig: { retries: 0 },
    timeout: timeoutMs,
    logger: SILENT_SLACK_LOGGER,
  });
}

/** Doctor output is the report alone: the client's own retry and failure logs stay quiet. */
const SILENT_SLACK_LOGGER: SlackLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

/**
 * Slack answered with an error code (`invalid_auth`): the token is refused. Anything else is the
 * way to Slack: say so with the transport's reason (`ECONNREFUSED`), since no token fixes that.
 */
function describeSlackFailure(
  error: unknown,
  { refused, fix }: { refused: string; fix: string },
): DoctorFinding {
  const { data, original } = error as {
    data?: { error?: unknown };
    original?: { message?: string; cause?: { code?: string; message?: string } };
  };
  if (typeof data?.error === "string") return { kind: "problem", text: `${refused} (${data.error})`, fix };
  const reason =
    original?.cause?.code ?? original?.cause?.message ?? original?.message ?? errorMessage(error);
  return {
    kind: "problem",
    text: `cannot reach Slack (${reason})`,
    fix: "Check the network and proxy from this machine to Slack, and SLACK_API_URL when it is set.",
  };
}
