import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSeededRandom, getFreePort } from "@baton/testkit";
import { type ChaosCheck, type ChaosTally, checkChaosRun, collectFinalReplies } from "./chaos-checks.js";
import {
  CHAOS_PLATFORMS,
  CHAOS_REPO,
  type ChaosPlatforms,
  type PlannedConversation,
  type PlannedTurn,
  planConversations,
  startChaosPlatforms,
} from "./chaos-platforms.js";
import { type BatonCommand, type BatonProcess, spawnBaton, stopBaton } from "./chaos-processes.js";
import { type ChaosRedis, startAofRedis, startChaosCluster } from "./chaos-redis.js";

export interface ChaosOptions {
  /** Distinct requests, over the three platforms. */
  requests: number;
  /** The share of requests delivered twice or more. */
  duplicateShare: number;
  /** The share of the fake platforms' API calls answered with a 429 or a 5xx. */
  faultRate: number;
  workers: number;
  /** How many times a worker process is killed with SIGKILL (and another started). */
  kills: number;
  /** On a Cluster there is nothing to restart: its nodes keep nothing on disk. */
  cluster: boolean;
  turnTimeoutMs: number;
  /** BATON_WORKER_LOCK_MS: how soon a killed worker's turns are taken over. */
  workerLockMs: number;
  seed: number;
  command: BatonCommand;
  /** Conversations sending at once. */
  sendConcurrency: number;
  log(line: string): void;
}

export const DEFAULT_CHAOS_OPTIONS: Omit<ChaosOptions, "log"> = {
  requests: 2_000,
  duplicateShare: 0.3,
  faultRate: 0.1,
  workers: 2,
  kills: 12,
  cluster: false,
  turnTimeoutMs: 60_000,
  workerLockMs: 3_000,
  seed: 14,
  command: "dist",
  sendConcurrency: 24,
};

export interface ChaosResult {
  ok: boolean;
  checks: ChaosCheck[];
  tally: ChaosTally;
  figures: {
    conversations: number;
    deliveries: number;
    repeated: number;
    kills: number;
    redisRestarts: number;
    faults: Record<string, number>;
    sendSeconds: number;
    settleSeconds: number;
    redis: string;
  };
}

const MOST_TURNS_PER_CONVERSATION = 6;
/** A rough pace of sending, to spread the worker kills over it. */
const SEND_MS_PER_REQUEST = 60;
/** How long the gateway may answer 5xx (Redis away) before a delivery counts as not accepted. */
const DELIVERY_TRIES = 120;
const DELIVERY_RETRY_MS = 250;
/** After everything is answered, how long the run keeps watching for a reply that comes twice. */
const SETTLE_MS = 3_000;
const POLL_MS = 500;

/**
 * One chaos run: Baton's gateway and workers as OS processes on a Redis of the run's own, the
 * three fake platforms failing a share of calls, requests delivered more than once, workers
 * killed and Redis restarted along the way. Returns the four checks (see docs/faults.md).
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const random = createSeededRandom(options.seed);
  const tag = `c${options.seed}${Date.now().toString(36)}`;
  const prefix = `chaos-${tag}`;
  const dir = mkdtempSync(join(tmpdir(), "baton-chaos-"));
  const log = options.log;
  let redis: ChaosRedis | undefined;
  let platforms: ChaosPlatforms | undefined;
  const processes: BatonProcess[] = [];
  try {
    redis = options.cluster ? await startChaosCluster() : await startAofRedis();
    platforms = await startChaosPlatforms({ faultRate: options.faultRate, seed: options.seed });
    const conversations = plan(platforms, options, random, tag);
    const gatewayPort = await getFreePort();
    const env = batonEnvironment({ options, redis, platforms, prefix, dir });
    const gateway = spawnBaton(options.command, "gateway", { ...env, PORT: String(gatewayPort) });
    processes.push(gateway);
    const workers = Array.from({ length: options.workers }, () => spawnBaton(options.command, "worker", env));
    processes.push(...workers);
    await Promise.all([gateway.ready, ...workers.map((worker) => worker.ready)]);
    log(`started: 1 gateway, ${workers.length} workers on ${redis.describe}`);

    for (const faults of Object.values(platforms.faults)) faults.enabled = true;
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const total = conversations.reduce((sum, c) => sum + c.turns.length, 0);
    const accepted = new Set<string>();
    const deferred: PlannedTurn[] = [];
    let sent = 0;
    let deliveries = 0;
    let repeated = 0;
    let redisRestarts = 0;
    let restarting: Promise<void> | undefined;

    const deliver = async (turn: PlannedTurn, repeat: number): Promise<void> => {
      deliveries += 1;
      for (let attempt = 0; attempt < DELIVERY_TRIES; attempt += 1) {
        const status = await turn.send(gatewayUrl, repeat).catch(() => 0);
        if (status >= 200 && status < 300) {
          accepted.add(turn.turnId);
          return;
        }
        // A platform retries a 5xx (or no answer), as this does; a 4xx is final.
        if (status >= 400 && status < 500) {
          log(`refused with ${status}: ${turn.deliveryId}`);
          return;
        }
        await sleep(DELIVERY_RETRY_MS);
      }
    };

    const sendConversation = async (conversation: PlannedConversation) => {
      for (const turn of conversation.turns) {
        const copies = random() < options.duplicateShare ? 1 + Math.floor(random() * 2) : 0;
        repeated += copies > 0 ? 1 : 0;
        // The first copy races the original (a retry of a slow answer); any other comes at the end.
        await Promise.all([deliver(turn, 0), copies > 0 ? deliver(turn, 1) : undefined]);
        if (copies > 1) deferred.push(turn);
        sent += 1;
        if (redis?.restart && redisRestarts === 0 && sent >= total / 2) {
          redisRestarts += 1;
          log("restarting Redis (SIGKILL, then the same AOF)");
          restarting = redis.restart();
        }
      }
    };

    const killer = startKiller({ options, workers, env, random, log, processes });
    const sendStarted = Date.now();
    await forEachLimited(conversations, options.sendConcurrency, sendConversation);
    await restarting;
    await Promise.all(deferred.map((turn) => deliver(turn, 2)));
    const sendSeconds = (Date.now() - sendStarted) / 1000;
    const kills = await killer.finish();
    log(
      `sent ${total} requests (${deliveries} deliveries) in ${sendSeconds.toFixed(1)} s; ${kills} workers killed`,
    );

    const settleStarted = Date.now();
    await waitForOutcomes({ platforms, conversations, accepted, options, log });
    await sleep(SETTLE_MS);
    const settleSeconds = (Date.now() - settleStarted) / 1000;
    const client = redis.connect();
    const { checks, tally } = await checkChaosRun({
      redis: client,
      prefix,
      platforms,
      conversations,
      accepted,
    });
    const faults = Object.fromEntries(CHAOS_PLATFORMS.map((p) => [p, platforms?.faults[p].injected ?? 0]));
    return {
      ok: checks.every((check) => check.ok),
      checks,
      tally,
      figures: {
        conversations: conversations.length,
        deliveries,
        repeated,
        kills,
        redisRestarts,
        faults,
        sendSeconds,
        settleSeconds,
        redis: redis.describe,
      },
    };
  } finally {
    await Promise.all(processes.map((process) => stopBaton(process, "SIGKILL")));
    await platforms?.close();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function plan(
  platforms: ChaosPlatforms,
  options: ChaosOptions,
  random: () => number,
  tag: string,
): PlannedConversation[] {
  const conversations: PlannedConversation[] = [];
  CHAOS_PLATFORMS.forEach((platform, p) => {
    // The requests split evenly over the platforms; each conversation gets 1 to 6 turns.
    let left = Math.floor(options.requests / 3) + (p < options.requests % 3 ? 1 : 0);
    const sizes: number[] = [];
    while (left > 0) {
      const size = Math.min(left, 1 + Math.floor(random() * MOST_TURNS_PER_CONVERSATION));
      sizes.push(size);
      left -= size;
    }
    conversations.push(...planConversations(platforms, platform, sizes.length, (i) => sizes[i] ?? 1, tag));
  });
  return conversations;
}

function batonEnvironment({
  options,
  redis,
  platforms,
  prefix,
  dir,
}: {
  options: ChaosOptions;
  redis: ChaosRedis;
  platforms: ChaosPlatforms;
  prefix: string;
  dir: string;
}): Record<string, string> {
  const catalog = join(dir, "baton.config.yaml");
  writeFileSync(
    catalog,
    `repositories:\n  - repo: ${CHAOS_REPO}\n    description: The API every chaos request is about\n`,
  );
  return {
    ...redis.env,
    ...platforms.env,
    HOST: "127.0.0.1",
    PORT: "0",
    BATON_REDIS_PREFIX: prefix,
    BATON_CONFIG: catalog,
    BATON_DATA_DIR: dir,
    BATON_SHARE_KEY: "chaos-share-link-key-0123456789abcdefghij",
    BATON_TURN_TIMEOUT_MS: String(options.turnTimeoutMs),
    BATON_WORKER_LOCK_MS: String(options.workerLockMs),
    BATON_SHUTDOWN_GRACE_MS: "1000",
    BATON_WORKER_CONCURRENCY: "16",
    // Thousands of requests from a few people in a minute: the rate limits are not under test.
    BATON_USER_TURN_BURST: "0",
    BATON_WORKSPACE_TURN_BURST: "0",
    LOG_LEVEL: "info",
  };
}

/** Kills a random worker with SIGKILL every so often while requests are sent, and starts another. */
function startKiller({
  options,
  workers,
  env,
  random,
  log,
  processes,
}: {
  options: ChaosOptions;
  workers: BatonProcess[];
  env: Record<string, string>;
  random: () => number;
  log(line: string): void;
  processes: BatonProcess[];
}) {
  let kills = 0;
  /**
   * Starts a worker in the place of a killed one without waiting for it: the run goes on with the
   * others meanwhile. One that fails to start (the platforms fail calls) is started again.
   */
  const replace = (index: number): BatonProcess => {
    const next = spawnBaton(options.command, "worker", env);
    processes.push(next);
    workers[index] = next;
    next.ready.catch((error: Error) => {
      if (workers[index] !== next || next.child.signalCode === "SIGKILL") return;
      log(`a restarted worker failed to start, starting another: ${error.message.slice(-400)}`);
      replace(index);
    });
    return next;
  };
  const running = (async () => {
    // Spread over the sending, which takes about 60 ms a request on a loaded 2-core machine.
    const everyMs = Math.max(500, (options.requests * SEND_MS_PER_REQUEST) / Math.max(1, options.kills));
    while (kills < options.kills) {
      await sleep(everyMs * (0.5 + random()));
      // A worker that runs turns, not one still starting: a kill should cost work in flight.
      const started = workers.flatMap((worker, index) => (worker.isReady() ? [index] : []));
      const index = started[Math.floor(random() * started.length)];
      const victim = index === undefined ? undefined : workers[index];
      if (index === undefined || !victim) continue;
      victim.child.kill("SIGKILL");
      await victim.exited;
      kills += 1;
      const next = replace(index);
      log(`killed worker ${victim.child.pid} (SIGKILL), starting ${next.child.pid}`);
    }
  })();
  return {
    /** Resolves once every kill asked for was made (the last ones may come after the sending). */
    async finish() {
      await running;
      return kills;
    },
  };
}

/**
 * Waits until every accepted turn has a final reply. Turns queued behind slow ones may start
 * late, so it waits as long as outcomes keep coming, and gives up only when none came for longer
 * than any turn may take (its timeout, a lapsed lease, a sweep).
 */
async function waitForOutcomes({
  platforms,
  conversations,
  accepted,
  options,
  log,
}: {
  platforms: ChaosPlatforms;
  conversations: PlannedConversation[];
  accepted: ReadonlySet<string>;
  options: ChaosOptions;
  log(line: string): void;
}): Promise<void> {
  const patienceMs = options.turnTimeoutMs + options.workerLockMs * 4 + 30_000;
  let lastProgress = Date.now();
  let lastWaiting = Number.POSITIVE_INFINITY;
  let lastReport = 0;
  for (;;) {
    const finals = collectFinalReplies(platforms, conversations);
    const waiting = [...accepted].filter((turnId) => !finals.has(turnId)).length;
    if (waiting === 0) return;
    if (waiting < lastWaiting) {
      lastWaiting = waiting;
      lastProgress = Date.now();
    }
    if (Date.now() - lastProgress > patienceMs) {
      log(`gave up waiting: ${waiting} turns without an outcome, none for ${patienceMs / 1000} s`);
      return;
    }
    if (Date.now() - lastReport > 5_000) {
      lastReport = Date.now();
      log(`waiting for ${waiting} outcomes`);
    }
    await sleep(POLL_MS);
  }
}

async function forEachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await run(item);
      }
    }),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
