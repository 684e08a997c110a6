/**
 * bench/chaos — Baton under faults (docs/faults.md). 2,000 requests over Slack, GitHub and Linear,
 * 30% of them delivered twice or more, while worker processes are killed with SIGKILL and started
 * again, Redis (a server of the run's own, AOF on) is killed and restarted once, and the fake
 * platform APIs answer 10% of calls with a 429 or a 5xx. Then it prints and checks: one session
 * per conversation, one final reply per turn, each conversation's turns in order, and an outcome
 * for every accepted request. Exits 1 when a check fails.
 *
 *   npm run chaos
 *   npm run chaos -- --cluster          # on a 3-master Redis Cluster (no Redis restart there)
 *   npm run chaos -- --requests 500 --kills 4 --seed 7
 *   npm run chaos -- --from-source      # Baton's processes from the sources, without a build
 * CHAOS_CLUSTER=1 does what --cluster does.
 */
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { DEFAULT_CHAOS_OPTIONS, runChaos } from "./chaos/run-chaos.js";

const { values } = parseArgs({
  options: {
    cluster: { type: "boolean", default: process.env.CHAOS_CLUSTER === "1" },
    requests: { type: "string" },
    kills: { type: "string" },
    workers: { type: "string" },
    seed: { type: "string" },
    /** Runs Baton's processes from the TypeScript sources (no build needed; slower to start). */
    "from-source": { type: "boolean", default: false },
  },
});
const number = (text: string | undefined, fallback: number) => (text === undefined ? fallback : Number(text));

const options = {
  ...DEFAULT_CHAOS_OPTIONS,
  cluster: values.cluster ?? false,
  requests: number(values.requests, DEFAULT_CHAOS_OPTIONS.requests),
  kills: number(values.kills, DEFAULT_CHAOS_OPTIONS.kills),
  workers: number(values.workers, DEFAULT_CHAOS_OPTIONS.workers),
  seed: number(values.seed, DEFAULT_CHAOS_OPTIONS.seed),
  command: values["from-source"] ? ("source" as const) : DEFAULT_CHAOS_OPTIONS.command,
  log: (line: string) => console.log(`  ${line}`),
};
const machine = () =>
  `${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
console.log(
  `chaos: ${options.requests} requests, ${options.duplicateShare * 100}% delivered again, ${options.kills} worker SIGKILLs, ${options.faultRate * 100}% API faults${options.cluster ? ", Redis Cluster" : ", one Redis restart"}`,
);
console.log(`machine: ${machine()}`);

const result = await runChaos(options);
const { figures, tally } = result;
console.log(`\nredis: ${figures.redis}`);
console.log(
  `conversations ${figures.conversations}, deliveries ${figures.deliveries} (${figures.repeated} requests repeated), worker kills ${figures.kills}, Redis restarts ${figures.redisRestarts}`,
);
console.log(
  `API faults injected: ${Object.entries(figures.faults)
    .map(([p, n]) => `${p} ${n}`)
    .join(", ")}`,
);
console.log(
  `sending took ${figures.sendSeconds.toFixed(1)} s; every outcome in ${figures.settleSeconds.toFixed(1)} s more`,
);
console.log(
  `outcomes: ${Object.entries(tally.outcomes)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ")}; missing ${tally.missing}; answered twice ${tally.doubled}`,
);
for (const [platform, kinds] of Object.entries(tally.byPlatform))
  console.log(
    `  ${platform}: ${Object.entries(kinds)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(", ")}`,
  );
console.log("");
for (const check of result.checks)
  console.log(`${check.ok ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
console.log(`\nmachine after: ${machine()}`);
process.exit(result.ok ? 0 : 1);
