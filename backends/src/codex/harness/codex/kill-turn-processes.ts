import { readdir, readFile } from "node:fs/promises";

/** Every process's parent, read from `/proc/<pid>/stat` (Linux only). */
async function readParents(pids: readonly number[]): Promise<Map<number, number>> {
  const parents = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "latin1");
      // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ")".
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // A zombie is already dead: only its parent's wait is missing.
      if (state !== "Z" && Number.isInteger(Number(ppid))) parents.set(pid, Number(ppid));
    } catch {
      // gone already
    }
  }
  return parents;
}

/** The marked processes and all their descendants (a sandboxed command carries no marker). */
async function turnProcesses(variable: string, marker: string): Promise<number[]> {
  const needle = `\0${variable}=${marker}\0`;
  let entries: string[];
  try {
    entries = await readdir("/proc");
  } catch {
    return [];
  }
  const pids = entries.map(Number).filter((pid) => Number.isInteger(pid) && pid !== process.pid);
  const marked = new Set<number>();
  for (const pid of pids) {
    try {
      if (`\0${await readFile(`/proc/${pid}/environ`, "latin1")}`.includes(needle)) marked.add(pid);
    } catch {
      // gone already, or not ours
    }
  }
  if (marked.size === 0) return [];
  const parents = await readParents(pids);
  const inTurn = (pid: number, seen = new Set<number>()): boolean => {
    if (marked.has(pid)) return true;
    const parent = parents.get(pid);
    if (parent === undefined || parent <= 1 || seen.has(pid)) return false;
    seen.add(pid);
    return inTurn(parent, seen);
  };
  return pids.filter((pid) => inTurn(pid));
}

/**
 * Sends `signal` to every process of the turn: those whose environment carries
 * `variable=marker` (the CLI and its sandbox helpers, which it starts in sessions of their own, so
 * no process group holds them all) and their descendants, the sandboxed commands among them
 * (which get only the core variables, so no marker). Returns how many processes were signalled
 * (signal 0 only counts them; a zombie has no environment left and is not counted). Linux only
 * (`/proc`).
 */
export async function killTurnProcesses(
  variable: string,
  marker: string,
  signal: NodeJS.Signals | 0,
): Promise<number> {
  let signalled = 0;
  for (const pid of await turnProcesses(variable, marker)) {
    try {
      process.kill(pid, signal);
      signalled += 1;
    } catch {
      // exited between the read and the kill
    }
  }
  return signalled;
}

const POLL_MS = 100;
const AFTER_KILL_WAIT_MS = 2_000;

/**
 * Ends every process of a turn: SIGTERM, up to `graceMs` for them to exit, then SIGKILL, and waits
 * until none is left (the kernel takes a moment to tear a sandbox down). Nothing tells us when a
 * process that is not our child exits, hence the short polling of `/proc`.
 */
export async function endTurnProcesses(variable: string, marker: string, graceMs: number): Promise<void> {
  if ((await killTurnProcesses(variable, marker, "SIGTERM")) === 0) return;
  const graceUntil = Date.now() + graceMs;
  while (Date.now() < graceUntil) {
    await sleep(POLL_MS);
    if ((await killTurnProcesses(variable, marker, 0)) === 0) return;
  }
  const killUntil = Date.now() + AFTER_KILL_WAIT_MS;
  while ((await killTurnProcesses(variable, marker, "SIGKILL")) > 0 && Date.now() < killUntil)
    await sleep(POLL_MS);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
