// What the ingest benchmark reads about a server process from /proc (Linux): CPU time spent, and
// the peak resident memory.
import { readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS_PER_S = 100;

/** User + system CPU time the process has used so far, in microseconds (10 ms resolution). */
export function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1e6;
}

/** The process's peak resident set size so far (VmHWM), in bytes. */
export function peakRssBytes(pid) {
  const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m)?.[1];
  return Number(kb) * 1024;
}
