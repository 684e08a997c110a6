import { createExpiringMap } from "@baton/core";
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
  // An entry lapses when its age reaches `ttlMs`; an issue is still fresh at exactly `maxAgeMs`
  // (the clock counts whole milliseconds). What is never taken lapses, and goes as others come.
  const kept = createExpiringMap<LinearIssueContext>({ ttlMs: maxAgeMs + 1, now });
  return {
    keep: (turnId, issue) => kept.set(turnId, issue),
    take(turnId, issueId) {
      const issue = kept.get(turnId);
      kept.delete(turnId);
      return issue?.id === issueId ? issue : undefined;
    },
  };
}
