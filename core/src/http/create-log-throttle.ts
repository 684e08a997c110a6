/** At most one log line per key in this window: a flood of bad requests must not flood the logs. */
export const REJECTION_LOG_INTERVAL_MS = 10_000;

export interface LogThrottle {
  /** Whether to log `key` now, and how many of its lines were held back since the last one. */
  take(key: string): { log: boolean; suppressed: number };
}

/**
 * Rate-limits log lines by key (a refusal reason). The first line of a window is logged with the
 * count of those held back before it, so nothing is silently lost.
 *
 * @example const throttle = createLogThrottle(); if (throttle.take("bad_signature").log) log.warn(…)
 */
export function createLogThrottle({
  intervalMs = REJECTION_LOG_INTERVAL_MS,
  nowMs = Date.now,
}: {
  intervalMs?: number;
  nowMs?: () => number;
} = {}): LogThrottle {
  const windows = new Map<string, { loggedAt: number; suppressed: number }>();
  return {
    take(key) {
      const now = nowMs();
      const window = windows.get(key);
      if (window && now - window.loggedAt < intervalMs) {
        window.suppressed += 1;
        return { log: false, suppressed: window.suppressed };
      }
      windows.set(key, { loggedAt: now, suppressed: 0 });
      return { log: true, suppressed: window?.suppressed ?? 0 };
    },
  };
}
