import { type CliCommand, type CliIo, parseCliArgs, printUsage, splitSubcommand } from "@baton/core";
import { stringify } from "yaml";
import { buildSlackManifest, SLACK_APP_NAME_MAX_CHARS } from "../manifest/build-slack-manifest.js";

export const SLACK_USAGE = [
  "Usage: baton slack <command>",
  "",
  "  manifest --url https://your-host [--name NAME]   a Slack app manifest (YAML) that posts to <url>/slack/events",
  "  manifest --socket-mode [--name NAME]             the same for Socket Mode (no public URL; needs SLACK_APP_TOKEN)",
  "",
  "--url defaults to BATON_PUBLIC_URL. Create the app at https://api.slack.com/apps → Create New App →",
  "From an app manifest, and paste the output.",
].join("\n");

type Parsed =
  | { kind: "manifest"; baseUrl?: string; socketMode: boolean; appName?: string }
  | { kind: "usage"; problem?: string };

/**
 * `baton slack manifest`: prints the Slack app manifest Baton needs, so a new app is one paste
 * away. Only the manifest goes to stdout (it can be redirected to a file); next steps go to
 * stderr. Exit codes: 0 printed, 2 bad usage.
 */
export async function runSlackCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseSlackArgs(args, io.env);
  if (parsed.kind === "usage")
    return printUsage(io, { command: "baton slack", usage: SLACK_USAGE, problem: parsed.problem });
  const manifest = parsed.socketMode
    ? buildSlackManifest({ socketMode: true, appName: parsed.appName })
    : buildSlackManifest({ socketMode: false, baseUrl: parsed.baseUrl!, appName: parsed.appName });
  io.stdout(stringify(manifest, { lineWidth: 0 }).trimEnd());
  io.stderr(
    parsed.socketMode
      ? "Next: create the app from this manifest, install it, then set SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET and SLACK_APP_TOKEN (an app-level token with connections:write)."
      : "Next: create the app from this manifest, install it, then set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET.",
  );
  return 0;
}

/** Parses the arguments after `baton slack`. `env` supplies BATON_PUBLIC_URL as the default --url. */
export function parseSlackArgs(args: string[], env: Record<string, string | undefined> = {}): Parsed {
  const subcommand = splitSubcommand(args, ["manifest"]);
  if (subcommand.kind === "help") return { kind: "usage" };
  if (subcommand.kind === "unknown") return { kind: "usage", problem: subcommand.problem };
  const { rest } = subcommand;

  const parsed = parseCliArgs({
    args: rest,
    options: { url: { type: "string" }, "socket-mode": { type: "boolean" }, name: { type: "string" } },
  });
  if (parsed.kind === "usage") return parsed;
  const { values } = parsed;
  const socketMode = values["socket-mode"] === true;
  const appName = values.name;
  if (appName !== undefined && (appName.trim() === "" || appName.length > SLACK_APP_NAME_MAX_CHARS)) {
    return {
      kind: "usage",
      problem: `--name must be 1 to ${SLACK_APP_NAME_MAX_CHARS} characters (Slack's limit for an app name).`,
    };
  }
  if (socketMode) return { kind: "manifest", socketMode, appName };

  const url = values.url ?? env.BATON_PUBLIC_URL;
  if (url === undefined) {
    return {
      kind: "usage",
      problem: "manifest needs --url https://your-host (or BATON_PUBLIC_URL), or --socket-mode.",
    };
  }
  const problem = checkPublicUrl(url);
  return problem ? { kind: "usage", problem } : { kind: "manifest", baseUrl: url, socketMode, appName };
}

/** Slack only posts to public https URLs; say so before Slack's own manifest check does. */
function checkPublicUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `--url "${url}" is not a URL; give the public https address of Baton's gateway, e.g. https://baton.example.com.`;
  }
  if (parsed.protocol !== "https:") {
    return `--url must be https (Slack posts only to https URLs), got ${parsed.protocol}//${parsed.host}. Without a public https address, use --socket-mode.`;
  }
  return undefined;
}

/** `baton slack`, as the Slack module offers it to the CLI. */
export const slackCommand: CliCommand = {
  name: "slack",
  summary: "print the Slack app manifest (--url https://your-host or --socket-mode)",
  usage: SLACK_USAGE,
  run: runSlackCommand,
};
