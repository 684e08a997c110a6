import type { Logger } from "../contracts/logger.js";
import { errorMessage } from "../describe-error.js";
import type { ShareService } from "./share-service.js";

/** How often expired shares are removed. A lookup already refuses an expired share at once. */
export const SHARE_SWEEP_INTERVAL_MS = 60_000;

export interface ShareSweeperOptions {
  shares: Pick<ShareService, "sweepExpired">;
  logger: Logger;
  intervalMs?: number;
}

export interface ShareSweeper {
  /** Sweeps once right away (shares that expired while Baton was down), then every interval. */
  start(): Promise<void>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export function createShareSweeper({
  shares,
  logger,
  intervalMs = SHARE_SWEEP_INTERVAL_MS,
}: ShareSweeperOptions): ShareSweeper {
  const log = logger.child({ component: "core.sharing.sweeper" });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  function sweep(): Promise<void> {
    running = running.then(async () => {
      try {
        const removed = await shares.sweepExpired();
        if (removed > 0) log.info("core.sharing.swept", { removed });
      } catch (error) {
        log.error("core.sharing.sweep_failed", { error: errorMessage(error) });
      }
    });
    return running;
  }

  return {
    async start() {
      if (timer) return;
      timer = setInterval(() => void sweep(), intervalMs);
      // The sweeper never keeps the process alive on its own.
      timer.unref();
      await sweep();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
