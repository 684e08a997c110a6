// Resident memory of a process, and of it with every descendant, from /proc (Linux).
import { readdirSync, readFileSync } from "node:fs";

function statusField(pid, field) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${field}:`));
    return line ? line.split(/\s+/)[1] : undefined;
  } catch {
    return undefined;
  }
}

/** RSS of `pid` in MiB. */
export function rssMiB(pid) {
  return Number(statusField(pid, "VmRSS") ?? 0) / 1024;
}

/** RSS of `pid` and all its descendants, in MiB. */
export function treeRssMiB(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = statusField(entry, "PPid");
    if (parent) children.set(parent, [...(children.get(parent) ?? []), entry]);
  }
  let total = 0;
  const stack = [String(pid)];
  while (stack.length) {
    const current = stack.pop();
    total += rssMiB(current);
    stack.push(...(children.get(current) ?? []));
  }
  return total;
}
