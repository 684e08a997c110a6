// What the dispatch and soak benchmarks share: the fake Slack and Linear, Baton processes
// (`baton gateway`, `baton worker`) pointed at them, and the machine line every result starts with.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import {
  FAKE_LINEAR_API_KEY,
  getFreePort,
  startFakeGithub,
  startFakeLinear,
  startFakeSlack,
} from "@baton/testkit";
import { BENCH_REDIS_URL, BENCH_SIGNING_SECRET, batonEnv, waitUntilHealthy } from "./bench-support.mjs";

export const LINEAR_WEBHOOK_SECRET = "bench-linear-webhook-secret";
const root = fileURLToPath(new URL("..", import.meta.url));
/** A busy machine loads Baton's modules slowly; a worker that takes longer than this is broken. */
const WORKER_START_TIMEOUT_MS = 60_000;

/** The fake platforms, in this process: replies are counted where they arrive. */
export async function startFakes({ github: withGithub = false } = {}) {
  const slack = await startFakeSlack();
  const linear = await startFakeLinear();
  const github = withGithub ? await startFakeGithub() : null;
  return {
    slack,
    linear,
    github,
    close: () => Promise.all([slack.close(), linear.close(), github?.close()]),
  };
}

/** A share link key the benchmarks' processes all use. */
const BENCH_SHARE_KEY = "bench-share-link-key-0123456789abcdefghij";

/** The environment of a Baton process talking to the fakes, every platform on, on a free port. */
export async function fleetEnv({ prefix, fakes, extra = {} }) {
  return {
    ...batonEnv({
      redisUrl: BENCH_REDIS_URL,
      prefix,
      port: await getFreePort(),
      signingSecret: BENCH_SIGNING_SECRET,
      slackUrl: fakes.slack.url,
      logLevel: process.env.LOG_LEVEL ?? "warn",
    }),
    BATON_SHARE_KEY: BENCH_SHARE_KEY,
    // The fakes enforce no limits unless a benchmark asks (bench:sessions does): with no limits to
    // share, a budget would only hold back what these benchmarks measure.
    BATON_RATE_BUDGET: "off",
    LINEAR_WEBHOOK_SECRET,
    LINEAR_API_KEY: FAKE_LINEAR_API_KEY,
    LINEAR_API_URL: fakes.linear.apiUrl,
    ...(fakes.github
      ? {
          GITHUB_APP_ID: String(fakes.github.app.appId),
          GITHUB_PRIVATE_KEY: fakes.github.app.privateKey.replace(/\n/g, "\\n"),
          GITHUB_WEBHOOK_SECRET: fakes.github.app.webhookSecret,
          GITHUB_API_URL: fakes.github.url,
        }
      : {}),
    ...extra,
  };
}

/**
 * `baton <mode>` in its own process; resolves once a gateway answers /healthz (a worker: at once).
 * `nodeArgs` go to node before BENCH_NODE_ARGS (a benchmark's own `--import`, say).
 */
export async function spawnBaton(mode, env, { nodeArgs = [] } = {}) {
  const child = spawn(
    "node",
    [
      ...nodeArgs,
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      "server/dist/cli.js",
      mode,
    ],
    {
      // BENCH_BATON_ROOT runs another built checkout (a baseline) against the same fakes.
      cwd: process.env.BENCH_BATON_ROOT ?? root,
      env: { ...process.env, ...env },
      // BENCH_LOG_DIR keeps each process's log (LOG_LEVEL sets how much) for a look afterwards.
      stdio: ["ignore", logFile(mode), "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (mode !== "worker") await waitUntilHealthy(`http://127.0.0.1:${env.PORT}`, `baton ${mode}`, 600);
  return {
    child,
    /** SIGTERM, then waits for the process to drain and exit. */
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

function logFile(mode) {
  const dir = process.env.BENCH_LOG_DIR;
  return dir
    ? openSync(`${dir}/${mode}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.log`, "w")
    : "ignore";
}

/** Resolves once `count` BullMQ workers are connected to `queue`. */
export async function waitForWorkers(queue, count) {
  const deadline = Date.now() + WORKER_START_TIMEOUT_MS;
  while ((await queue.getWorkers()).length < count) {
    if (Date.now() > deadline) throw new Error(`${count} worker(s) did not connect`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One line about the machine and what else is running on it. */
export async function describeMachine(redis) {
  const version = (await redis.info("server")).match(/redis_version:(\S+)/)?.[1];
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  return `machine: ${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${load}, node ${process.version}, redis ${version}`;
}

const CLOCK_TICKS_PER_S = 100;

/** CPU milliseconds (user + system) a process has used so far; NaN when it cannot be read. */
export function cpuMs(pid) {
  return cpuMsOf(`/proc/${pid}/stat`);
}

/** The CPU of a process's main thread alone (its JavaScript), without V8's collector and compiler threads. */
export function mainThreadCpuMs(pid) {
  return cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
}

function cpuMsOf(statPath) {
  try {
    const fields = readFileSync(statPath, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1000;
  } catch {
    return Number.NaN;
  }
}

/** The local redis-server's pid, for its CPU; 0 when Redis runs elsewhere. */
export async function localRedisPid(redis, redisUrl) {
  if (!/^redis:\/\/(127\.0\.0\.1|localhost)/.test(redisUrl)) return 0;
  return Number((await redis.info("server")).match(/process_id:(\d+)/)?.[1] ?? 0);
}

let messageCount = 0;
/**
 * A Slack message ts no other message of the run has (testkit's `newMessageTs` draws at random
 * within the second, and thousands of messages a run would meet): the benchmarks find turns by it.
 */
export function uniqueMessageTs() {
  messageCount += 1;
  const seconds = Math.floor(Date.now() / 1000) + Math.floor(messageCount / 1_000_000);
  return `${seconds}.${String(messageCount % 1_000_000).padStart(6, "0")}`;
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function inPool(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
