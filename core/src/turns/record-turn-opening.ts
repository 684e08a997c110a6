import type { Artifact } from "../schemas/agent-event.js";
import { parsePullRequestUrl } from "../schemas/pull-request-ref.js";
import type { Session } from "../schemas/session.js";
import type { Turn } from "../schemas/turn.js";
import type { SessionStore } from "../store/session-store.js";
import type { TranscriptStore } from "../store/transcript-store.js";

/** A pull request a session made is linked to it: a request on that PR continues the session. */
export async function linkPullRequests(
  sessions: SessionStore,
  session: Session,
  artifacts: Artifact[],
): Promise<void> {
  for (const artifact of artifacts) {
    const pullRequest =
      artifact.kind === "pull_request" && artifact.url ? parsePullRequestUrl(artifact.url) : null;
    if (pullRequest) await sessions.linkPullRequest(pullRequest, session.id);
  }
}

/** The turn's opening lines of the transcript, once however often the turn is tried. */
export async function recordPrompt(
  transcripts: TranscriptStore,
  session: Session,
  turn: Turn,
  reason: string,
) {
  if (session.turnCount === 0) {
    await transcripts.appendOnce(session.id, `${turn.id}.target`, {
      kind: "target",
      turnId: turn.id,
      target: session.target,
      reason,
    });
  }
  await transcripts.appendOnce(session.id, `${turn.id}.prompt`, {
    kind: "prompt",
    turnId: turn.id,
    actor: turn.request.actor,
    text: turn.request.text,
    ...(turn.request.background?.length ? { background: turn.request.background } : {}),
  });
}
