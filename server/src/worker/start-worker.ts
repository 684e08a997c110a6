import type { HttpRoute } from "@baton/core";
import {
  type AgentBackend,
  type Beat,
  type Catalog,
  classifierStep,
  createAllowedTargets,
  createDiscoveredCatalogStore,
  createTurnRunner,
  type Logger,
  type PlatformPolicies,
} from "@baton/core";
import { createIntakeDispatcher, createTurnWatchdog, createTurnWorker } from "@baton/queue";
import type { StartedBots } from "../bots/setup-bots.js";
import type { Config } from "../config/load-config.js";
import { createWorkerLearning } from "../learning/create-worker-learning.js";
import type { ShutdownList } from "../lifecycle/create-shutdown-list.js";
import type { BatonMetrics } from "../metrics/create-baton-metrics.js";
import { type MetricsServer, startMetricsServer } from "../metrics/start-metrics-server.js";
import { createBackend } from "../platforms/create-backend.js";
import { createBatonClassifier } from "../platforms/create-baton-classifier.js";
import type { Sharing } from "../platforms/setup-sharing.js";
import { coalesceWrites } from "../redis/coalesce-writes.js";
import type { BatonState } from "../redis/open-baton-state.js";
import type { WorkerReplies } from "./create-worker-replies.js";

export interface StartWorkerOptions {
  config: Config;
  catalog: Catalog;
  /** The platforms' policies (the targets a place allows, linked pull requests). */
  platforms: PlatformPolicies;
  logger: Logger;
  state: BatonState;
  sharing: Sharing;
  bots: StartedBots;
  replies: WorkerReplies;
  metrics: BatonMetrics;
  /** Its own `/metrics` address (BATON_WORKER_METRICS_PORT), for a process that serves no HTTP. */
  metricsRoute: HttpRoute | null;
  /** Replaces the backend BATON_BACKEND names. */
  backend?: AgentBackend;
  /** Where the worker's parts are listed for closing, as each one starts. */
  shutdown: ShutdownList;
  /** The process's shared clock: running turns renew their locks and write their progress on its ticks. */
  beat?: Beat;
}

export interface RunningWorker {
  backend: AgentBackend;
  metricsServer: MetricsServer | null;
}

/**
 * The worker: the dispatcher that acknowledges and queues what the gateway took in, the turn
 * worker that runs each turn against the backend, and the watchdog that answers turns whose
 * worker died.
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const { config, catalog, logger, state, sharing, bots, replies, metrics } = options;
  const { redis, stores, keys, queue } = state;
  const backend =
    options.backend ??
    createBackend({
      config,
      catalog,
      redis: state.main,
      keys,
      retention: state.retention,
      logger,
      tokens: bots.repositoryTokens,
      knownSecrets: sharing.knownSecrets,
    });
  const runTurn = createWorkerTurnRunner(options, backend);
  const watchdog = createTurnWatchdog({
    redis: stores,
    keys,
    turns: queue.turns,
    logger,
    timeoutMs: config.BATON_TURN_TIMEOUT_MS,
    conversationLockMs: config.BATON_WORKER_LOCK_MS,
    answer: replies.answerOverdue,
  });
  // BullMQ's commands for each turn (taking it, its lock, finishing it) and the conversation
  // gate's: with dozens of turns at once, many are given in the same turn of the event loop.
  const turnConnection = redis.connect();
  coalesceWrites(turnConnection);
  const turnWorker = createTurnWorker({
    connection: turnConnection,
    watchdog,
    conversationLockMs: config.BATON_WORKER_LOCK_MS,
    jobLockMs: config.BATON_WORKER_LOCK_MS,
    stalledIntervalMs: config.BATON_WORKER_LOCK_MS,
    keys,
    queueName: state.names.turns,
    turns: queue.turns,
    runTurn,
    logger,
    beat: options.beat,
    concurrency: config.BATON_WORKER_CONCURRENCY,
    onAbandoned: replies.abandon,
  });
  const dispatcher = createIntakeDispatcher({
    blocking: redis.connect(),
    redis: stores,
    // A dead worker's dispatches are taken over as soon as its turns are.
    reclaimIdleMs: config.BATON_WORKER_LOCK_MS,
    keys,
    turns: queue.turns,
    logger,
    acknowledge: replies.acknowledge,
    limits: state.limits,
    fail: replies.fail,
  });
  turnWorker.worker.on("completed", (job, status: string) => {
    metrics.turns.counter.inc({ status });
    if (job.processedOn && job.finishedOn)
      metrics.turns.seconds.observe({ status }, (job.finishedOn - job.processedOn) / 1000);
  });
  turnWorker.worker.on("failed", () => metrics.turns.counter.inc({ status: "attempt_failed" }));
  // Drains the running turns within BATON_SHUTDOWN_GRACE_MS, beside the gateway's closing.
  options.shutdown.add("serving", () =>
    Promise.all([
      turnWorker.drain(config.BATON_SHUTDOWN_GRACE_MS),
      dispatcher.close(),
      watchdog.close(),
      sharing.sweeper.stop(),
    ]),
  );
  // After the running turns: a backend's own timers (the codex workspace sweep) stop last.
  options.shutdown.add("queue", async () => backend.close?.());
  await sharing.sweeper.start();
  watchdog.start();
  // A worker serves no HTTP: its own metrics (turns, acknowledgements, replies, classifier
  // steps) get an address of their own for Prometheus to scrape.
  const metricsServer =
    options.metricsRoute && config.BATON_WORKER_METRICS_PORT !== undefined
      ? await startMetricsServer({
          route: options.metricsRoute,
          port: config.BATON_WORKER_METRICS_PORT,
          host: config.HOST,
          logger,
        })
      : null;
  if (metricsServer) options.shutdown.add("serving", metricsServer.close);
  return { backend, metricsServer };
}

/** The turn runner, with everything a turn needs: stores, classifier, backend, repliers, policies. */
function createWorkerTurnRunner(
  { config, catalog, platforms, logger, state, sharing, bots, replies, metrics, beat }: StartWorkerOptions,
  backend: AgentBackend,
) {
  // One answer to "which targets may this place use?" for the turns and for what they teach.
  const allowedTargets = createAllowedTargets(catalog, platforms);
  // What the bots discovered (the repositories an app is installed on, and their profiles), as every worker reads it.
  const source = createDiscoveredCatalogStore({ redis: state.main, keys: state.keys, logger });
  const learning = createWorkerLearning({
    catalog,
    platforms,
    store: state.learnedRouting,
    bots,
    allowedTargets,
    source,
    logger,
  });
  return createTurnRunner({
    sessions: state.sessions,
    transcripts: state.transcripts,
    classifier: createBatonClassifier({
      config,
      catalog,
      platforms,
      source,
      logger,
      learned: learning.learned,
      onDecision: (decision) => metrics.classifierDecisions.inc({ step: classifierStep(decision) }),
    }),
    backend,
    repliers: replies.repliers,
    shareLinks: sharing.service,
    conversationContext: state.conversationContext,
    owners: state.conversationOwners,
    allowedTargets,
    platforms,
    steering: bots.steering,
    models: catalog.models,
    requestContext: bots.requestContext,
    admit: bots.admit,
    learner: learning.learner,
    beat,
    logger,
  });
}
