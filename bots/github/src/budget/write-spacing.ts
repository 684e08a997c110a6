import type { BudgetClaim } from "@baton/core";

/** Served first to last: a turn's end, what else a person waits on, progress. */
const ORDER: readonly BudgetClaim["priority"][] = ["final", "urgent", "progress"];

/**
 * GitHub asks for content writes one at a time, a second apart, per installation. This spaces a
 * process's writes of one installation so, and serves the waiting ones by the priority of the reply
 * they belong to (in the order they came within one priority). Octokit's own spacing serves them in
 * arrival order, so a result that had its budget token waited a second for each progress edit or
 * new turn's comment queued ahead of it.
 */
export interface WriteSpacing {
  /**
   * Resolves when a write of `priority` may go; rejects with the signal's reason if it aborts
   * first (the write then leaves the line and never goes).
   */
  turnFor(priority: BudgetClaim["priority"], signal?: AbortSignal): Promise<void>;
}

export function createWriteSpacing({
  minIntervalMs,
  now = Date.now,
}: {
  minIntervalMs: number;
  now?: () => number;
}): WriteSpacing {
  const waiting: Record<BudgetClaim["priority"], Array<() => void>> = { final: [], urgent: [], progress: [] };
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  function next(): (() => void) | undefined {
    for (const priority of ORDER) {
      const first = waiting[priority].shift();
      if (first) return first;
    }
    return undefined;
  }

  function release(): void {
    timer = undefined;
    const wait = lastAt + minIntervalMs - now();
    if (wait > 0) {
      timer = setTimeout(release, wait);
      return;
    }
    const go = next();
    if (!go) return;
    lastAt = now();
    go();
    if (ORDER.some((priority) => waiting[priority].length > 0)) timer = setTimeout(release, minIntervalMs);
  }

  return {
    turnFor(priority, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const line = waiting[priority];
        const onAbort = () => {
          const index = line.indexOf(go);
          if (index >= 0) line.splice(index, 1);
          reject(signal?.reason);
        };
        const go = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        line.push(go);
        if (!timer) release();
      });
    },
  };
}
