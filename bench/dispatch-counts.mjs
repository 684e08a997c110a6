// What a turn asks of Redis and of the platforms, for bench:dispatch: the Redis commands Baton's
// worker processes send (counted inside them by `count-redis-commands.mjs`) and the calls that
// reach the fake Slack and Linear, each tallied by name between the clock's start and its end.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where worker processes write their Redis tallies, and the node arguments that make them. */
export function redisCommandCounts() {
  const dir = mkdtempSync(join(tmpdir(), "bench-redis-counts-"));
  const read = () => {
    const total = {};
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      let counts;
      try {
        counts = JSON.parse(readFileSync(join(dir, file), "utf8"));
      } catch {
        continue; // Removed as it was read (the process wrote its last tally and left).
      }
      for (const [name, count] of Object.entries(counts)) total[name] = (total[name] ?? 0) + count;
    }
    return total;
  };
  return {
    env: { BENCH_REDIS_COUNT_DIR: dir },
    nodeArgs: ["--import", fileURLToPath(new URL("./count-redis-commands.mjs", import.meta.url))],
    read,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Counts every call the fakes answer, by platform and method, from now on. */
export function countPlatformCalls(fakes) {
  const counts = {};
  const add = (name) => {
    counts[name] = (counts[name] ?? 0) + 1;
  };
  const stopSlack = fakes.slack.onCall((call) => add(`slack ${call.method}`));
  const stopLinear = fakes.linear.onOperation((operation) => add(`linear ${operation.name}`));
  return {
    read: () => ({ ...counts }),
    close() {
      stopSlack();
      stopLinear();
    },
  };
}

/** `after - before`, name by name, dropping names that did not change. */
export function countsBetween(before, after) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, count]) => [name, count - (before[name] ?? 0)])
      .filter(([, count]) => count > 0),
  );
}

export const sumCounts = (counts, filter = () => true) =>
  Object.entries(counts).reduce((sum, [name, count]) => sum + (filter(name) ? count : 0), 0);

/** "12.0 (evalsha 6.0, hget 2.0, …)": a tally per turn, its largest parts first. */
export function describePerTurn(counts, turns, { top = 8, strip = "" } = {}) {
  const parts = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => `${name.replace(strip, "")} ${(count / turns).toFixed(2)}`);
  return `${(sumCounts(counts) / turns).toFixed(1)} (${parts.join(", ")})`;
}
