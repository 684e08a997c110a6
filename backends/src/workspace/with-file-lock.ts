import { open, readFile, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
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
 * the lock leaves the file behind; it names its holder (`<host> <pid>`), so a lock whose holder on
 * this machine is gone is taken over at once, and any other once older than `staleMs` (longer
 * than any holder may work: its holder may be on another machine sharing the directory).
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
      await handle.writeFile(`${hostname()} ${process.pid}\n`).finally(() => handle.close());
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (await isAbandoned(lockPath, staleMs)) {
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

async function isAbandoned(lockPath: string, staleMs: number): Promise<boolean> {
  const heldSince = (await stat(lockPath).catch(() => null))?.mtimeMs;
  if (heldSince === undefined) return false;
  if (Date.now() - heldSince > staleMs) return true;
  const [host, pid] = (await readFile(lockPath, "utf8").catch(() => "")).trim().split(" ");
  // Just created, not yet written: its holder is alive.
  if (!host || !pid) return false;
  return host === hostname() && !isRunning(Number(pid));
}

/** Whether a process of this machine runs (`kill(pid, 0)`; EPERM: it runs, as someone else). */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
