import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Raises the calling thread's nice value, so that under CPU contention the scheduler prefers the
 * process's other threads (the event loop that answers webhooks) over it. Linux schedules threads
 * on their own: `/proc/thread-self` names this thread's id, and `setpriority` on it changes this
 * thread alone. Elsewhere, or when refused, nothing changes. Returns the thread id it lowered.
 */
export function lowerThreadPriority(niceness: number): number | null {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    if (!Number.isInteger(threadId) || threadId <= 0) return null;
    setPriority(threadId, niceness);
    return threadId;
  } catch {
    return null;
  }
}
