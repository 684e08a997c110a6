import { readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Logger } from "@baton/core";
import { isRunning } from "../../workspace/with-file-lock.js";
import type { SessionStateStore } from "../session-state/session-state-store.js";
import { readWorkspaceRecord, type WorkspaceRecord } from "./workspace-record.js";

/** A sweep does not wait for a session a turn is opening: it looks again next time. */
const SWEEP_LOCK_WAIT_MS = 100;

export interface SweepSessionWorkspacesOptions {
  dir: string;
  states: SessionStateStore;
  idleMs: number;
  removeLocal(record: WorkspaceRecord): Promise<void>;
  withSessionLock<T>(sessionId: string, signal: AbortSignal, work: () => Promise<T>): Promise<T>;
  logger: Logger;
}

/** Why a session's folder goes, or null when it stays. */
export function sweepReason(
  record: WorkspaceRecord | null,
  state: { branch: string } | null,
  idleMs: number,
  now = Date.now(),
): "unreadable" | "session_gone" | "owner_gone" | "idle" | null {
  if (!record) return "unreadable";
  if (!state || state.branch !== record.branch) return "session_gone";
  const [host, pid] = record.owner.split(" ");
  if (host === hostname() && !isRunning(Number(pid))) return "owner_gone";
  if (now - record.usedAt > idleMs) return "idle";
  return null;
}

/**
 * Removes the workspaces of sessions that ended or expired (no state in Redis), of processes of
 * this machine that died, and any left idle (a process on another machine sharing the folder, or
 * a session nobody came back to). Each is judged under its session lock; one a turn is opening is
 * skipped.
 */
export async function sweepSessionWorkspaces({
  dir,
  states,
  idleMs,
  removeLocal,
  withSessionLock,
  logger,
}: SweepSessionWorkspacesOptions): Promise<{ removed: string[] }> {
  const removed: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const sessionId = decodeURIComponent(entry.name);
    const sessionDir = join(dir, entry.name);
    await withSessionLock(sessionId, AbortSignal.timeout(SWEEP_LOCK_WAIT_MS), async () => {
      const record = await readWorkspaceRecord(sessionDir);
      const reason = sweepReason(record, record ? await states.load(sessionId) : null, idleMs);
      if (!reason) return;
      if (record) await removeLocal(record);
      else await rm(sessionDir, { recursive: true, force: true });
      removed.push(sessionId);
      logger.info("backends.codex.workspace.swept", { session_id: sessionId, reason });
    }).catch((error: unknown) => {
      // Held by a turn (the wait timed out): not this sweep's to judge.
      if (!(error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")))
        throw error;
    });
  }
  return { removed };
}
