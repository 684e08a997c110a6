import { parseArgs } from "node:util";
import { type CliCommand, type CliIo, errorMessage, splitSubcommand } from "@baton/core";
import { stringify } from "yaml";
import { GITHUB_REQUIRED_VARIABLES_TEXT } from "../github-environment.js";

export const GITHUB_USAGE = [
  "Usage: baton github <command>",
  "",
  "  manifest --url https://your-host [--name NAME]   the GitHub App manifest (app.yml) whose webhooks go to <url>/api/github/webhooks",
  "",
  "--url defaults to BATON_PUBLIC_URL. See docs/github.md to register the App (github.com or GitHub Enterprise Server).",
].join("\n");

type Parsed = { kind: "manifest"; baseUrl: string; appName?: string } | { kind: "usage"; problem?: string };

/**
 * `baton github manifest`: prints the GitHub App manifest with exactly the permissions and events
 * Baton uses. Only the manifest goes to stdout; next steps go to stderr. Exit codes: 0 printed,
 * 2 bad usage.
 */
export async function runGithubCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseGithubArgs(args, io.env);
  if (parsed.kind === "usage") {
    if (parsed.problem) io.stderr(`baton github: ${parsed.problem}`);
    (parsed.problem ? io.stderr : io.stdout)(GITHUB_USAGE);
    return parsed.problem ? 2 : 0;
  }
  // The GitHub bot (and Probot with it) loads only for this command, not for every `baton` run.
  const { buildGithubManifest, GITHUB_APP_NAME_MAX_CHARS } = await import("../index.js");
  if (parsed.appName !== undefined && parsed.appName.length > GITHUB_APP_NAME_MAX_CHARS) {
    io.stderr(
      `baton github: --name must be at most ${GITHUB_APP_NAME_MAX_CHARS} characters (GitHub's limit for an App name).`,
    );
    return 2;
  }
  io.stdout(
    stringify(buildGithubManifest({ baseUrl: parsed.baseUrl, appName: parsed.appName }), {
      lineWidth: 0,
    }).trimEnd(),
  );
  io.stderr(
    `Next: register the App with these settings, generate a private key, install it on your repositories, then set ${GITHUB_REQUIRED_VARIABLES_TEXT} (and GITHUB_API_URL on GitHub Enterprise Server).`,
  );
  return 0;
}

/** Parses the arguments after `baton github`. `env` supplies BATON_PUBLIC_URL as the default --url. */
export function parseGithubArgs(args: string[], env: Record<string, string | undefined> = {}): Parsed {
  const subcommand = splitSubcommand(args, ["manifest"]);
  if (subcommand.kind === "help") return { kind: "usage" };
  if (subcommand.kind === "unknown") return { kind: "usage", problem: subcommand.problem };
  const { rest } = subcommand;
  let values: { url?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { url: { type: "string" }, name: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: "usage", problem: errorMessage(error) };
  }
  const appName = values.name;
  if (appName?.trim() === "") return { kind: "usage", problem: "--name must not be empty." };
  const url = values.url ?? env.BATON_PUBLIC_URL;
  if (url === undefined)
    return { kind: "usage", problem: "manifest needs --url https://your-host (or BATON_PUBLIC_URL)." };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {
      kind: "usage",
      problem: `--url "${url}" is not a URL; give the address GitHub reaches Baton's gateway at, e.g. https://baton.example.com.`,
    };
  }
  // GitHub Enterprise Server may deliver to an internal http address; github.com wants https.
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return { kind: "usage", problem: `--url must be an http(s) address, got ${parsed.protocol}` };
  return { kind: "manifest", baseUrl: url, appName };
}

/** `baton github`, as the GitHub module offers it to the CLI. */
export const githubCommand: CliCommand = {
  name: "github",
  summary: "print the GitHub App manifest (app.yml): github manifest --url https://your-host",
  usage: GITHUB_USAGE,
  run: runGithubCommand,
};
