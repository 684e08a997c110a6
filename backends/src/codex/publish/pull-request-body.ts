import type { CheckRun } from "../codex-backend-ports.js";
import type { RememberedRequest } from "../session-state/session-state.js";

/** GitHub's title limit is 256; a short one reads in lists. */
const TITLE_MAX_CHARS = 72;
const BODY_REQUEST_MAX_CHARS = 600;
const BODY_MAX_CHECKS = 20;
const CHECK_COMMAND_MAX_CHARS = 160;
/** GitHub refuses a body over 65,536 characters. */
const BODY_MAX_CHARS = 60_000;

/**
 * The pull request's (and commit's) title: the first line of the agent's summary, without
 * markdown, cut at a word; what was asked when the summary says nothing.
 */
export function pullRequestTitle(summary: string, asked: string): string {
  const firstLine = (text: string) =>
    text
      .split("\n")
      .map((line) =>
        line
          .replace(/^[#>*\-\s]+/, "")
          .replace(/[*_`]/g, "")
          .trim(),
      )
      .find(Boolean) ?? "";
  const line = firstLine(summary) || firstLine(asked) || "Changes from Baton";
  if (line.length <= TITLE_MAX_CHARS) return line;
  const cut = line.slice(0, TITLE_MAX_CHARS - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

export interface PullRequestBodyInput {
  /** What the session was asked, oldest first (the first is the request that opened it). */
  requests: readonly RememberedRequest[];
  /** The commands the agent ran in the latest turn to check its work. */
  checks: readonly CheckRun[];
  links: { origin?: string; share?: string };
  /** Takes secrets out of anything a person or a command wrote, before it leaves for GitHub. */
  redact: (text: string) => string;
}

function quote(text: string): string {
  const capped = text.length > BODY_REQUEST_MAX_CHARS ? `${text.slice(0, BODY_REQUEST_MAX_CHARS)}…` : text;
  return capped
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}

function inlineCode(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  const capped = one.length > CHECK_COMMAND_MAX_CHARS ? `${one.slice(0, CHECK_COMMAND_MAX_CHARS)}…` : one;
  const fence = capped.includes("`") ? "``" : "`";
  return `${fence}${capped}${fence}`;
}

/**
 * The pull request's body, rebuilt on every turn so that it stays current: what was asked (and
 * by whom, with a link back to where), the commands the agent ran to check its work with their
 * exit codes, and the session's share link.
 */
export function pullRequestBody({ requests, checks, links, redact }: PullRequestBodyInput): string {
  const [first, ...later] = requests;
  const sections: string[] = [];
  if (first) {
    const where = links.origin ? ` ([conversation](${links.origin}))` : "";
    sections.push(`**Asked by ${redact(first.by)}**${where}\n\n${quote(redact(first.text))}`);
  }
  if (later.length > 0)
    sections.push(
      `**Follow-ups**\n\n${later.map((request) => `${quote(redact(`${request.by}: ${request.text}`))}`).join("\n\n")}`,
    );
  if (checks.length > 0) {
    const shown = checks.slice(-BODY_MAX_CHECKS);
    const lines = shown.map(
      (check) =>
        `- ${inlineCode(redact(check.command))} → ${check.exitCode === null ? "no exit code" : `exit ${check.exitCode}`}`,
    );
    const earlier = checks.length > shown.length ? `\n- … and ${checks.length - shown.length} earlier` : "";
    sections.push(`**Checks the agent ran (latest turn)**\n\n${lines.join("\n")}${earlier}`);
  } else sections.push("**Checks the agent ran (latest turn)**\n\nNone.");
  if (links.share) sections.push(`[The session, step by step](${links.share})`);
  sections.push(
    "<sub>Opened as a draft by Baton. Comment on this pull request (`@baton …`) to continue the session on this branch.</sub>",
  );
  const body = sections.join("\n\n");
  return body.length > BODY_MAX_CHARS ? `${body.slice(0, BODY_MAX_CHARS)}…` : body;
}
