import { readdir, readFile } from "node:fs/promises";

/**
 * Sends `signal` to every process whose environment carries `variable=marker`: the CLI and its
 * sandbox helpers, which it starts in sessions of their own (so no process group holds them all).
 * The sandboxed commands themselves die with their sandbox (bubblewrap's `--die-with-parent` and
 * its PID namespace). Returns how many processes were signalled (signal 0 only counts them; a
 * zombie has no environment left and is not counted). Linux only (`/proc`).
 */
export async function killTurnProcesses(
  variable: string,
  marker: string,
  signal: NodeJS.Signals | 0,
): Promise<number> {
  const needle = `\0${variable}=${marker}\0`;
  let signalled = 0;
  let entries: string[];
  try {
    entries = await readdir("/proc");
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let environ: string;
    try {
      environ = `\0${await readFile(`/proc/${pid}/environ`, "latin1")}`;
    } catch {
      continue; // gone already, or not ours
    }
    if (!environ.includes(needle)) continue;
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
