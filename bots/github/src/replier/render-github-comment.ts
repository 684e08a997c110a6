import {
  type AskDecision,
  describeTarget,
  formatDuration,
  type MappingOffer,
  type TurnOutcome,
  type WorkingContext,
} from "@baton/core";

/** GitHub refuses an issue or PR comment longer than this. */
export const GITHUB_COMMENT_MAX_CHARS = 65_536;
/** A summary longer than this folds into `<details>` under its first paragraph. */
export const SUMMARY_FOLD_AT_CHARS = 1_500;
/** Progress lines are shown up to this length. */
const STATUS_MAX_CHARS = 300;

/** A hidden line that says which turn a comment belongs to. */
export function turnMarker(turnId: string): string {
  // Invisible in the rendered comment; says which turn the comment belongs to.
  return `<!-- baton:turn ${turnId} -->`;
}

function workingLine(context: WorkingContext | undefined): string {
  if (!context) return "👀 **Working on it…**";
  const parts = [`\`${describeTarget(context.target)}\``, `backend \`${context.backend}\``];
  if (context.model) parts.push(`model \`${context.model}\``);
  return `👀 **Working on it** in ${parts.join(" · ")}`;
}

/** The turn's comment while it runs: what it works on, and its latest progress. */
export function renderWorkingComment(turnId: string, context?: WorkingContext, status?: string): string {
  const lines = [turnMarker(turnId), workingLine(context)];
  if (status) lines.push("", `> ${status.replace(/\s+/g, " ").slice(0, STATUS_MAX_CHARS)}`);
  return lines.join("\n");
}

function fold(summary: string, maxChars: number): string {
  const text = summary.trim() || "(no summary)";
  if (text.length <= SUMMARY_FOLD_AT_CHARS) return text;
  const cut = text.indexOf("\n\n");
  const lead =
    cut > 0 && cut <= SUMMARY_FOLD_AT_CHARS
      ? text.slice(0, cut)
      : text.slice(0, SUMMARY_FOLD_AT_CHARS).replace(/\s+\S*$/, "");
  const room = maxChars - lead.length - 200;
  const full =
    text.length <= room
      ? text
      : `${text.slice(0, Math.max(0, room))}\n\n… (${text.length - room} more characters: see the transcript)`;
  // Blank lines around the body let GitHub render its markdown inside <details>.
  return `${lead}\n\n<details><summary>Full summary</summary>\n\n${full}\n\n</details>`;
}

function artifactLines(outcome: TurnOutcome): string[] {
  if (outcome.artifacts.length === 0) return [];
  return [
    "",
    "**Artifacts**",
    ...outcome.artifacts.map((artifact) => {
      const title = artifact.title.replace(/[[\]]/g, "");
      const label = artifact.kind === "pull_request" ? `Pull request: ${title}` : title;
      return artifact.url ? `- [${label}](${artifact.url})` : `- ${label}`;
    }),
  ];
}

const FENCE = /^\s*(?:```|~~~)/;
const INLINE_CODE = /(`[^`\n]*`)/;

/**
 * The agent's summary with its HTML shown, not rendered (`<` as `&lt;`, outside code): GitHub
 * renders HTML in a comment, and an unclosed `<!--` or `<details>` in a summary (which text the
 * agent read may steer) would hide or fold what follows it, the transcript's link included.
 */
function withoutRawHtml(summary: string): string {
  let inFence = false;
  return summary
    .split("\n")
    .map((line) => {
      if (FENCE.test(line)) inFence = !inFence;
      if (inFence || FENCE.test(line)) return line;
      return line
        .split(INLINE_CODE)
        .map((part, index) => (index % 2 === 1 ? part : part.replaceAll("<", "&lt;")))
        .join("");
    })
    .join("\n");
}

/** The turn's comment once it finished: outcome, summary, artifacts, transcript link, duration. */
export function renderResultComment(turnId: string, outcome: TurnOutcome, shareUrl: string | null): string {
  const stopped = outcome.status === "stopped";
  const heading = `${stopped ? "⏹ **Stopped**" : "✅ **Done**"} after ${formatDuration(outcome.durationMs)}`;
  const footer = [describeTarget(outcome.target), outcome.backend, outcome.model]
    .filter(Boolean)
    .map((part) => `\`${part}\``)
    .join(" · ");
  const tail = [
    ...artifactLines(outcome),
    ...(shareUrl ? ["", `🔗 [Read-only transcript](${shareUrl})`] : []),
    "",
    `<sub>${footer}</sub>`,
  ].join("\n");
  const head = `${turnMarker(turnId)}\n${heading}\n\n`;
  const body = fold(
    withoutRawHtml(outcome.summary),
    GITHUB_COMMENT_MAX_CHARS - head.length - tail.length - 100,
  );
  return clampComment(`${head}${body}\n${tail}`);
}

/** The turn's comment when it failed. */
export function renderFailedComment(turnId: string, message: string): string {
  return clampComment(`${turnMarker(turnId)}\n❌ ${message}\n\nMention me again to try once more.`);
}

/** The turn's comment when the target is unclear (rare on GitHub: the repository implies one). */
export function renderAskComment(turnId: string, decision: AskDecision): string {
  const candidates = decision.candidates.map((target) => `- \`${describeTarget(target)}\``);
  return clampComment(
    [
      turnMarker(turnId),
      `🤔 Which codebase should I work in? ${decision.reason}`,
      "",
      ...candidates,
      "",
      "Mention me again and name one, e.g. `@baton !repo owner/name …`.",
    ].join("\n"),
  );
}

/** Never more than GitHub takes, whatever the parts measured. */
export function clampComment(body: string): string {
  if (body.length <= GITHUB_COMMENT_MAX_CHARS) return body;
  const note = "\n\n… (cut: the comment reached GitHub's size limit)";
  return body.slice(0, GITHUB_COMMENT_MAX_CHARS - note.length) + note;
}

/** Baton's offer to make a repository's habit its default environment, answered by a reply. */
export function renderMappingOfferComment(offer: MappingOffer, mention: string): string {
  return [
    `People here keep moving this repository's issues to \`${offer.targetRef}\` (${offer.votes} times lately).`,
    `Reply \`@${mention} always ${offer.targetRef}\` to make it this repository's default environment.`,
  ].join(" ");
}
