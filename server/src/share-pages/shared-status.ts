import type { TranscriptEntry } from "@baton/core";

/**
 * A turn that has written nothing for this long is taken as over even without an outcome (a
 * crashed worker leaves none), so that viewers stop polling it. A reload follows it again.
 */
export const SHARE_STREAM_IDLE_LIMIT_MS = 30 * 60_000;

export type SharedStatusKind = "empty" | "running" | "completed" | "failed" | "stopped" | "idle";

export interface SharedStatus {
  isStreaming: boolean;
  kind: SharedStatusKind;
  /** What the page's status badge says. */
  label: string;
}

const LABELS: Record<SharedStatusKind, string> = {
  empty: "No activity yet",
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  stopped: "Stopped",
  idle: "No recent activity",
};

/** What a status is derived from: small enough to keep beside each rendered entry. */
export interface ShareStatusFacts {
  at: string;
  /** The turn's outcome, when the entry is one. */
  outcome: "completed" | "failed" | "stopped" | null;
}

export function statusFactsOf(entry: TranscriptEntry): ShareStatusFacts {
  return { at: entry.at, outcome: entry.kind === "outcome" ? entry.status : null };
}

/** A session is running while its newest transcript entry is not a turn's outcome. */
export function describeSharedStatus(latest: ShareStatusFacts | null, nowMs: number): SharedStatus {
  const kind = statusKind(latest, nowMs);
  return { isStreaming: kind === "running", kind, label: LABELS[kind] };
}

function statusKind(latest: ShareStatusFacts | null, nowMs: number): SharedStatusKind {
  if (!latest) return "empty";
  if (latest.outcome) return latest.outcome;
  const at = Date.parse(latest.at);
  return Number.isFinite(at) && nowMs - at >= SHARE_STREAM_IDLE_LIMIT_MS ? "idle" : "running";
}
