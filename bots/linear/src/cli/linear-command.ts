import { parseArgs } from "node:util";
import { type CliCommand, type CliIo, errorMessage, splitSubcommand } from "@baton/core";

export const LINEAR_USAGE = [
  "Usage: baton linear <command>",
  "",
  "  setup [--url https://your-host]   the OAuth app settings to enter in Linear, and the install link",
  "",
  "--url defaults to BATON_PUBLIC_URL. Create the app in Linear: Settings → API → OAuth applications",
  "→ New. docs/linear.md walks through it.",
].join("\n");

/**
 * `baton linear setup`: prints what to enter in Linear's OAuth application form (callback URL,
 * webhook URL and events, scopes) and how to install it. Exit codes: 0 printed, 2 bad usage.
 */
export async function runLinearCommand(args: string[], io: CliIo): Promise<number> {
  const subcommand = splitSubcommand(args, ["setup"]);
  if (subcommand.kind === "help") {
    io.stdout(LINEAR_USAGE);
    return 0;
  }
  const fail = (problem: string) => {
    io.stderr(`baton linear: ${problem}`);
    io.stderr(LINEAR_USAGE);
    return 2;
  };
  if (subcommand.kind === "unknown") return fail(subcommand.problem);
  const { rest } = subcommand;
  let url: string | undefined;
  try {
    ({
      values: { url },
    } = parseArgs({
      args: rest,
      options: { url: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return fail(errorMessage(error));
  }
  const base = url ?? io.env.BATON_PUBLIC_URL;
  if (!base)
    return fail("setup needs --url https://your-host (or BATON_PUBLIC_URL): Linear must reach Baton.");
  try {
    new URL(base);
  } catch {
    return fail(`--url "${base}" is not a URL; give the public https address of Baton's gateway.`);
  }
  // Loaded here, not at the CLI's start: the Linear SDK is large and other commands do not need it.
  const { LINEAR_OAUTH_SCOPES, linearAppSettings, linearInstallUrl } = await import("../index.js");
  const settings = linearAppSettings(base);
  const clientId = io.env.LINEAR_CLIENT_ID;
  io.stdout(
    [
      "Linear OAuth application (Settings → API → OAuth applications → New):",
      `  Callback URLs:     ${settings.callbackUrl}`,
      "  Webhooks:          on",
      `  Webhook URL:       ${settings.webhookUrl}`,
      `  Webhook events:    Agent session events (${settings.events.join(", ")})`,
      "  Public:            off for one workspace; on to install it in others",
      "",
      "Then set in Baton's environment:",
      "  LINEAR_CLIENT_ID, LINEAR_CLIENT_SECRET   from the application's page",
      "  LINEAR_WEBHOOK_SECRET                    the webhook signing secret shown there",
      `  BATON_PUBLIC_URL                         ${base.replace(/\/+$/, "")}`,
      "",
      `Install (as an app user with ${LINEAR_OAUTH_SCOPES.join(", ")}):`,
      `  ${settings.installPath}`,
      ...(clientId
        ? [
            "  (it sends you to Linear's consent page:",
            `   ${linearInstallUrl({ clientId, redirectUri: settings.callbackUrl })} )`,
          ]
        : ["  (set LINEAR_CLIENT_ID to see Linear's consent link as well)"]),
    ].join("\n"),
  );
  return 0;
}

/** `baton linear`, as the Linear module offers it to the CLI. */
export const linearCommand: CliCommand = {
  name: "linear",
  summary: "print the Linear OAuth app settings and install link: linear setup --url https://your-host",
  usage: LINEAR_USAGE,
  run: runLinearCommand,
};
