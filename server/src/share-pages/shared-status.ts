import type { StoredTranscriptEntry } from "@baton/core";

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

/** A session is running while its newest transcript entry is not a turn's outcome. */
export function describeSharedStatus(latest: StoredTranscriptEntry | null, nowMs: number): SharedStatus {
  const kind = statusKind(latest, nowMs);
  return { isStreaming: kind === "running", kind, label: LABELS[kind] };
}

function statusKind(latest: StoredTranscriptEntry | null, nowMs: number): SharedStatusKind {
  if (!latest) return "empty";
  if (latest.entry.kind === "outcome") return latest.entry.status;
  const at = Date.parse(latest.entry.at);
  return Number.isFinite(at) && nowMs - at >= SHARE_STREAM_IDLE_LIMIT_MS ? "idle" : "running";
}
