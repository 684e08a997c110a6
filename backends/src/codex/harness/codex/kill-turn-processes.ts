import { readdir, readFile } from "node:fs/promises";

/**
 * Sends `signal` to every process whose environment carries `variable=marker`: the CLI and its
 * sandbox helpers, which it starts in sessions of their own (so no process group holds them all).
 * The sandboxed commands themselves die with their sandbox (bubblewrap's `--die-with-parent` and
 * its PID namespace). Returns how many processes were signalled. Linux only (`/proc`).
 */
export async function killTurnProcesses(
  variable: string,
  marker: string,
  signal: NodeJS.Signals,
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
