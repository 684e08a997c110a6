import type { LinearIssueContext } from "../client/create-linear-api.js";

/** Long enough for a turn's classification; a turn that asked the person to pick waits longer and reads afresh. */
const ISSUE_HANDOFF_MAX_AGE_MS = 30_000;

/**
 * The issue a turn read when it was prepared, handed to its working reply a moment later: taking
 * the issue to started needs the same fields, and reading them again cost a request of the
 * token's budget for every session. Each issue is taken once, and only while it is fresh.
 */
export interface IssueHandoff {
  keep(turnId: string, issue: LinearIssueContext): void;
  /** The issue `turnId` kept, if it is `issueId` and no older than the handoff allows. */
  take(turnId: string, issueId: string): LinearIssueContext | undefined;
}

export function createIssueHandoff({
  maxAgeMs = ISSUE_HANDOFF_MAX_AGE_MS,
  now = Date.now,
}: {
  maxAgeMs?: number;
  now?: () => number;
} = {}): IssueHandoff {
  // In the order kept, so the stale ones (a turn that failed before working) are at the front.
  const kept = new Map<string, { issue: LinearIssueContext; at: number }>();
  const fresh = (at: number) => now() - at <= maxAgeMs;
  return {
    keep(turnId, issue) {
      for (const [id, entry] of kept) {
        if (fresh(entry.at)) break;
        kept.delete(id);
      }
      kept.delete(turnId);
      kept.set(turnId, { issue, at: now() });
    },
    take(turnId, issueId) {
      const entry = kept.get(turnId);
      kept.delete(turnId);
      return entry && entry.issue.id === issueId && fresh(entry.at) ? entry.issue : undefined;
    },
  };
}
