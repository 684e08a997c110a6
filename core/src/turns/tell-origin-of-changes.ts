import type { Logger } from "../contracts/logger.js";
import type { Replier } from "../contracts/replier.js";
import { errorMessage } from "../describe-error.js";
import type { Artifact } from "../schemas/agent-event.js";
import { conversationKey, type Platform } from "../schemas/conversation-ref.js";
import type { Session } from "../schemas/session.js";
import type { Turn } from "../schemas/turn.js";

const SUMMARY_LINE_MAX_CHARS = 200;

function firstLine(text: string): string {
  const line = text.trim().split("\n")[0]?.trim() ?? "";
  return line.length > SUMMARY_LINE_MAX_CHARS ? `${line.slice(0, SUMMARY_LINE_MAX_CHARS - 1)}…` : line;
}

/** The one line the session's own conversation gets, in the markdown subset every replier renders. */
export function describeOriginNote(pullRequests: readonly Artifact[], summary: string): string {
  const links = pullRequests.map((artifact) => `[${artifact.title}](${artifact.url})`).join(", ");
  const what = firstLine(summary);
  return `🔁 ${links} ${pullRequests.length === 1 ? "was" : "were"} updated from a follow-up there${what ? `: ${what}` : "."}`;
}

/**
 * A turn asked somewhere else than where its session started (a review comment on the pull
 * request a chat thread made) that changed the session's pull requests: the session's own
 * conversation gets one line saying so, so that the people there see their work move. Never a
 * reason to fail the turn, whose own reply is already posted.
 */
export async function tellOriginOfChanges({
  repliers,
  session,
  turn,
  artifacts,
  summary,
  log,
}: {
  repliers: Partial<Record<Platform, Replier>>;
  session: Session;
  turn: Turn;
  artifacts: readonly Artifact[];
  summary: string;
  log: Logger;
}): Promise<void> {
  // Not the turn's queue key: a pull request's turns queue under the session's own conversation.
  if (conversationKey(turn.request.conversation) === session.conversationKey) return;
  const pullRequests = artifacts.filter((artifact) => artifact.kind === "pull_request" && artifact.url);
  const origin = repliers[session.conversation.platform];
  if (pullRequests.length === 0 || !origin?.note) return;
  try {
    await origin.note(session, { turnId: turn.id, text: describeOriginNote(pullRequests, summary) });
  } catch (error) {
    log.warn("core.turn.origin_note_failed", {
      error: errorMessage(error),
    });
  }
}
