import { open, rm, stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

export interface FileLockOptions {
  /** A lock file older than this was left by a process that died holding it, and is taken over. */
  staleMs: number;
  signal: AbortSignal;
  /** The longest wait between two tries. */
  maxWaitMs?: number;
}

/**
 * Runs `work` while holding `lockPath`, a file created exclusively (`O_CREAT | O_EXCL`), so that
 * processes sharing a directory (several workers on one machine, one `BATON_DATA_DIR`) take turns.
 * Waits with backoff while another holds it, until `signal` aborts. A process killed while holding
 * the lock leaves the file behind: once older than `staleMs` (longer than any holder may work)
 * it is removed and the lock taken.
 */
export async function withFileLock<T>(
  lockPath: string,
  { staleMs, signal, maxWaitMs = 250 }: FileLockOptions,
  work: () => Promise<T>,
): Promise<T> {
  for (let waitMs = 10; ; waitMs = Math.min(waitMs * 2, maxWaitMs)) {
    signal.throwIfAborted();
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(`${process.pid}\n`).finally(() => handle.close());
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const heldSince = (await stat(lockPath).catch(() => null))?.mtimeMs;
    if (heldSince !== undefined && Date.now() - heldSince > staleMs) {
      await rm(lockPath, { force: true });
      continue;
    }
    await sleep(waitMs, undefined, { signal });
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}
