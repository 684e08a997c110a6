// npm run bench:ingest — webhook ingest measured the way an outside client sees it. For each
// platform (Slack app_mention, GitHub issue_comment, Linear AgentSessionEvent) every server under
// test runs in its own process and the load comes from other processes: wrk at full speed for the
// maximum requests/s, then a paced client at a fixed 1,000 requests/s for p50/p99. Every request
// is a distinct delivery signed as the platform signs it. Servers, in the same run: the baseline
// (plain node:http: verify the same HMAC, parse, BullMQ queue.add), the platform's own bare
// framework doing the same (Bolt, Probot, LinearWebhookClient) and `baton gateway`. Prints req/s
// and the ratio to the baseline, latency, server CPU µs per request, peak RSS, and the targets.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  FAKE_LINEAR_API_KEY,
  getFreePort,
  githubTestApp,
  startFakeLinear,
  startFakeSlack,
} from "@baton/testkit";
import { Redis } from "ioredis";
import {
  BENCH_REDIS_URL,
  BENCH_SIGNING_SECRET,
  batonEnv,
  flushPrefix,
  reportTarget,
} from "./bench-support.mjs";
import { githubDeliveries, linearDeliveries, slackDeliveries } from "./ingest/deliveries.mjs";
import { writeDeliveriesFile } from "./ingest/deliveries-file.mjs";
import { ensureWrk } from "./ingest/ensure-wrk.mjs";
import { runPaced, runWrk } from "./ingest/load-generators.mjs";
import { cpuMicros, peakRssBytes } from "./ingest/process-stats.mjs";

const REDIS_URL = BENCH_REDIS_URL;
const SIGNING_SECRET = BENCH_SIGNING_SECRET;
const GITHUB_WEBHOOK_SECRET = "bench-github-webhook-secret";
const LINEAR_WEBHOOK_SECRET = "bench-linear-webhook-secret";
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 1000);
const PACED_S = Number(process.env.BENCH_PACED_S ?? 10);
const ONLY_PLATFORMS = (process.env.BENCH_PLATFORMS ?? "slack,github,linear").split(",");
/** Extra `node` flags for every server under test (`--cpu-prof --cpu-prof-dir=…`), as for the fleet benches. */
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const TARGET_RATIO = 0.7;
const TARGET_P99_MS = 50;
/** Deliveries for the warm-up; it may run out and repeat some, as it measures nothing. */
const WARMUP_DELIVERIES = 30_000;
/**
 * Distinct deliveries for the measured run: 2.5 × the warm-up's rate, and never fewer than 6,000 a
 * second (on a busy machine the warm-up can run far slower than the measured run).
 */
const MEASURED_HEADROOM = 2.5;
const MIN_MEASURED_PER_S = 6_000;
/** A busy machine loads Baton's modules slowly; a server that takes longer than this is broken. */
const SERVER_START_TIMEOUT_MS = 60_000;
const root = fileURLToPath(new URL("..", import.meta.url));

const wrkVersion = ensureWrk();
const redis = new Redis(REDIS_URL);
const serverInfo = await redis.info("server");
const redisVersion = serverInfo.match(/redis_version:(\S+)/)?.[1];
// Redis's own CPU is only readable when it runs on this machine.
const redisPid = /^redis:\/\/(127\.0\.0\.1|localhost)/.test(REDIS_URL)
  ? Number(serverInfo.match(/process_id:(\d+)/)?.[1])
  : 0;
const slack = await startFakeSlack();
const linear = await startFakeLinear();
const prefix = `bench-${randomBytes(4).toString("hex")}`;
const workDir = mkdtempSync(join(tmpdir(), "baton-bench-ingest-"));
const app = githubTestApp({ webhookSecret: GITHUB_WEBHOOK_SECRET });

// Stopped from outside: take the servers down and remove the delivery files before going.
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const child of running) child.kill("SIGTERM");
    rmSync(workDir, { recursive: true, force: true });
    process.exit(1);
  });
}

const formatLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, redis ${redisVersion}, ${wrkVersion.split(" Copyright")[0]}`,
);
console.log(`load average at start: ${formatLoad()}`);
console.log(
  `load: wrk (${WRK_THREADS} thread${WRK_THREADS === 1 ? "" : "s"}, ${CONNECTIONS} connections, ${WARMUP_S}s warm-up + ${DURATION_S}s measured) then a paced client at ${PACED_RATE} req/s for ${PACED_S}s, each in its own process; every request a distinct signed delivery; ${ROUNDS} interleaved rounds, medians`,
);

const githubEnv = {
  GITHUB_APP_ID: String(app.appId),
  GITHUB_PRIVATE_KEY: app.privateKey,
  GITHUB_WEBHOOK_SECRET,
};
const comparatorEnv = (port) => ({
  REDIS_URL,
  PREFIX: prefix,
  PORT: String(port),
  SIGNING_SECRET,
  GITHUB_WEBHOOK_SECRET,
  LINEAR_WEBHOOK_SECRET,
  SLACK_API_URL: slack.url,
});
const servers = {
  baseline: {
    name: "baseline (node:http: verify + parse + queue.add)",
    args: ["bench/baseline-server.mjs"],
    env: comparatorEnv,
  },
  bolt: {
    name: "bare Bolt app (HTTPReceiver + queue.add)",
    args: ["bench/bolt-server.mjs"],
    env: comparatorEnv,
  },
  probot: {
    name: "bare Probot app (its middleware + queue.add)",
    args: ["bench/probot-server.mjs"],
    env: (port) => ({ ...comparatorEnv(port), ...githubEnv }),
  },
  linearClient: {
    name: "bare LinearWebhookClient (its handler + queue.add)",
    args: ["bench/linear-baseline-server.mjs"],
    env: (port) => ({ ...comparatorEnv(port), SIGNING_SECRET: LINEAR_WEBHOOK_SECRET }),
  },
  baton: {
    name: "baton gateway (verify + parse + dedupe + persist + enqueue)",
    args: ["server/dist/cli.js", "gateway"],
    env: (port) => ({
      ...batonEnv({
        redisUrl: REDIS_URL,
        prefix,
        port,
        signingSecret: SIGNING_SECRET,
        slackUrl: slack.url,
        logLevel: process.env.LOG_LEVEL,
      }),
      ...githubEnv,
      LINEAR_WEBHOOK_SECRET,
      LINEAR_API_KEY: FAKE_LINEAR_API_KEY,
      LINEAR_API_URL: linear.apiUrl,
    }),
  },
};
const platforms = [
  {
    key: "slack",
    name: "Slack app_mention",
    servers: [servers.baseline, servers.bolt, servers.baton],
    deliveries: (count, tag) => slackDeliveries({ count, tag, signingSecret: SIGNING_SECRET }),
  },
  {
    key: "github",
    name: "GitHub issue_comment",
    servers: [servers.baseline, servers.probot, servers.baton],
    deliveries: () => githubDeliveries({ webhookSecret: GITHUB_WEBHOOK_SECRET }),
  },
  {
    key: "linear",
    name: "Linear AgentSessionEvent",
    servers: [servers.baseline, servers.linearClient, servers.baton],
    deliveries: (count, tag) =>
      linearDeliveries({ count, tag, webhookSecret: LINEAR_WEBHOOK_SECRET, linear }),
  },
].filter((platform) => ONLY_PLATFORMS.includes(platform.key));

/** Starts a server process and waits until it answers HTTP on its port (any status). */
async function startServer(server, port) {
  const child = spawn("node", [...NODE_ARGS, ...server.args], {
    cwd: root,
    env: { ...process.env, ...server.env(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${server.args.join(" ")} exited with ${child.exitCode}`);
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`${server.args.join(" ")} did not start within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Writes `count` fresh deliveries of the platform to a file of the work directory. */
async function deliveriesFile(platform, name, count, tag) {
  const file = join(workDir, `${platform.key}-${tag}-${name}`);
  await writeDeliveriesFile(file, platform.deliveries(count, `${tag}${name}`));
  return file;
}

/** CPU microseconds the server (and Redis) spent while `work` ran. */
async function withCpu(pid, work) {
  const before = cpuMicros(pid);
  const redisBefore = redisPid ? cpuMicros(redisPid) : 0;
  const result = await work();
  return {
    result,
    serverUs: cpuMicros(pid) - before,
    redisUs: redisPid ? cpuMicros(redisPid) - redisBefore : Number.NaN,
  };
}

async function measure(platform, server, tag) {
  const port = await getFreePort();
  const child = await startServer(server, port);
  try {
    const wrkOptions = { port, seconds: DURATION_S, connections: CONNECTIONS, threads: WRK_THREADS };
    const warmFile = await deliveriesFile(platform, "warm", WARMUP_DELIVERIES, tag);
    const warm = await runWrk({
      ...wrkOptions,
      seconds: WARMUP_S,
      file: warmFile,
      runId: `${prefix}-${tag}w`,
    });
    rmSync(warmFile);
    const measuredCount = Math.ceil(
      Math.max(warm.okPerS * MEASURED_HEADROOM, MIN_MEASURED_PER_S) * DURATION_S,
    );
    const maxFile = await deliveriesFile(platform, "max", measuredCount, tag);
    const max = await withCpu(child.pid, () =>
      runWrk({ ...wrkOptions, file: maxFile, runId: `${prefix}-${tag}m` }),
    );
    rmSync(maxFile);
    const pacedFile = await deliveriesFile(platform, "paced", Math.ceil(PACED_RATE * PACED_S), tag);
    const paced = await withCpu(child.pid, () =>
      runPaced({ port, file: pacedFile, rate: PACED_RATE, seconds: PACED_S, runId: `${prefix}-${tag}p` }),
    );
    rmSync(pacedFile);
    const okAtMax = max.result.requests - max.result.failed - max.result.refused;
    return {
      requestsPerS: max.result.okPerS,
      maxP50Ms: max.result.p50Ms,
      maxP99Ms: max.result.p99Ms,
      cpuUsAtMax: max.serverUs / okAtMax,
      redisCpuUsAtMax: max.redisUs / okAtMax,
      pacedP50Ms: paced.result.p50Ms,
      pacedP99Ms: paced.result.p99Ms,
      pacedAchievedPerS: paced.result.achievedPerS,
      cpuUsAtPaced: paced.serverUs / Math.max(1, paced.result.ok),
      peakRssMiB: peakRssBytes(child.pid) / 2 ** 20,
      refused: max.result.refused + paced.result.refused,
      failed: max.result.failed + paced.result.failed,
      repeated: max.result.repeated + paced.result.repeated,
    };
  } finally {
    await stopServer(child);
    await flushPrefix(redis, prefix);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = [];
let broken = false;
try {
  for (const platform of platforms) {
    const runs = platform.servers.map(() => []);
    // Interleaved rounds, so that whatever else the machine does weighs on every server alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, server] of platform.servers.entries()) {
        const measured = await measure(platform, server, `r${round}s${index}`);
        runs[index].push(measured);
        console.log(
          `  ${platform.key} round ${round + 1}/${ROUNDS} · ${server.name.split(" (")[0]}: ${measured.requestsPerS.toFixed(0)} req/s, p99 ${measured.pacedP99Ms.toFixed(1)} ms at ${PACED_RATE}/s · load ${formatLoad()}`,
        );
      }
    }
    summary.push(report(platform, runs));
  }
  printTargets();
} finally {
  rmSync(workDir, { recursive: true, force: true });
  await flushPrefix(redis, prefix);
  await redis.quit();
  await slack.close();
  await linear.close();
}
if (broken) {
  console.error(
    "\nSome deliveries were refused or repeated: the figures above are not valid (see the lines in capitals).",
  );
  process.exitCode = 1;
}

function report(platform, runs) {
  const rows = runs.map((measured, index) => {
    const pick = (key) => median(measured.map((m) => m[key]));
    return {
      name: platform.servers[index].name,
      requestsPerS: pick("requestsPerS"),
      perRound: measured.map((m) => m.requestsPerS.toFixed(0)).join(", "),
      maxP50Ms: pick("maxP50Ms"),
      maxP99Ms: pick("maxP99Ms"),
      pacedP50Ms: pick("pacedP50Ms"),
      pacedP99Ms: pick("pacedP99Ms"),
      pacedAchievedPerS: pick("pacedAchievedPerS"),
      cpuUsAtMax: pick("cpuUsAtMax"),
      redisCpuUsAtMax: pick("redisCpuUsAtMax"),
      cpuUsAtPaced: pick("cpuUsAtPaced"),
      peakRssMiB: Math.max(...measured.map((m) => m.peakRssMiB)),
      refused: measured.reduce((sum, m) => sum + m.refused, 0),
      failed: measured.reduce((sum, m) => sum + m.failed, 0),
      repeated: measured.reduce((sum, m) => sum + m.repeated, 0),
    };
  });
  const base = rows[0];
  console.log(`\n${platform.name} — load average ${formatLoad()}`);
  for (const row of rows) {
    console.log(
      `${row.name}\n` +
        `  max ${row.requestsPerS.toFixed(0)} req/s [${row.perRound}] · ${(row.requestsPerS / base.requestsPerS).toFixed(2)} × baseline · p50 ${row.maxP50Ms.toFixed(1)} ms · p99 ${row.maxP99Ms.toFixed(1)} ms\n` +
        `  at ${PACED_RATE} req/s (sent ${row.pacedAchievedPerS.toFixed(0)}/s): p50 ${row.pacedP50Ms.toFixed(1)} ms · p99 ${row.pacedP99Ms.toFixed(1)} ms\n` +
        `  CPU/request ${row.cpuUsAtMax.toFixed(0)} µs at max (+ ${row.redisCpuUsAtMax.toFixed(0)} µs in Redis), ${row.cpuUsAtPaced.toFixed(0)} µs at ${PACED_RATE}/s · peak RSS ${row.peakRssMiB.toFixed(0)} MiB` +
        (row.refused || row.failed || row.repeated
          ? `\n  ANSWERED 4xx/5xx ${row.refused} · NO ANSWER (timeout, connection) ${row.failed} · REPEATED DELIVERIES ${row.repeated}`
          : ""),
    );
    // A refused or repeated delivery means the benchmark itself is wrong (a bad signature, an
    // expired timestamp, a file too short); no answer within 10 s is the server falling behind.
    if (row.refused || row.repeated) broken = true;
  }
  const baton = rows.at(-1);
  const framework = rows[1];
  const frameworkName = framework.name.split(" (")[0];
  console.log(
    `baton/${frameworkName}: ${(baton.requestsPerS / framework.requestsPerS).toFixed(2)} req/s, ${(baton.cpuUsAtMax / framework.cpuUsAtMax).toFixed(2)} CPU/request · baton/baseline CPU/request: ${(baton.cpuUsAtMax / base.cpuUsAtMax).toFixed(2)}`,
  );
  // Within a round the servers run minutes apart at most: their ratio shows how much of the
  // median's ratio is the machine's mood.
  const roundRatios = runs
    .at(-1)
    .map((m, round) => (m.requestsPerS / runs[0][round].requestsPerS).toFixed(2));
  console.log(`baton/baseline req/s round by round: ${roundRatios.join(", ")}`);
  return { platform: platform.name, ratio: baton.requestsPerS / base.requestsPerS, p99Ms: baton.pacedP99Ms };
}

function printTargets() {
  console.log(`\nTargets (baton gateway) — load average ${formatLoad()}`);
  for (const { platform, ratio, p99Ms } of summary) {
    const ratioOk = ratio >= TARGET_RATIO;
    const p99Ok = p99Ms <= TARGET_P99_MS;
    console.log(
      `${platform}: ${ratio.toFixed(3)} × baseline (≥ ${TARGET_RATIO}) ${ratioOk ? "PASS" : "FAIL"} · p99 ${p99Ms.toFixed(1)} ms at ${PACED_RATE} req/s (≤ ${TARGET_P99_MS} ms) ${p99Ok ? "PASS" : "FAIL"}`,
    );
    reportTarget({
      name: `ingest: ${platform} req/s ÷ baseline`,
      value: ratio,
      target: `≥ ${TARGET_RATIO}`,
      met: ratioOk,
    });
    reportTarget({
      name: `ingest: ${platform} p99 ms at ${PACED_RATE} req/s`,
      value: p99Ms,
      target: `≤ ${TARGET_P99_MS}`,
      met: p99Ok,
    });
  }
}
