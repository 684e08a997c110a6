import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AgentBackend,
  type BotModule,
  classifierStep,
  createAllowedTargets,
  createConversationContextStore,
  createConversationOwnerStore,
  createDeliveryClaims,
  createFinalReplyClaims,
  createRedisKeys,
  createReplyLedger,
  createSessionStore,
  createTranscriptStore,
  createTurnRunner,
  FINAL_REPLY_LEASE_MS,
  guardFinalReplies,
  type Logger,
  loadCatalogWithWarnings,
  retentionFor,
} from "@baton/core";
import {
  createIntakeDispatcher,
  createSessionQueue,
  createTurnWatchdog,
  createTurnWorker,
  queueNames,
} from "@baton/queue";
import { Registry } from "prom-client";
import { createQueueDashboardRoutes } from "./admin/create-queue-dashboard-routes.js";
import { BOT_MODULES } from "./bots/bot-modules.js";
import { setupBots } from "./bots/setup-bots.js";
import { intakeLimitsFromConfig } from "./config/intake-limits-from-config.js";
import { type Config, loadConfig } from "./config/load-config.js";
import { createFrontPageRoute } from "./front-page/create-front-page-route.js";
import { createGateway } from "./gateway/create-gateway.js";
import type { HttpRoute } from "./gateway/http-route.js";
import { listen } from "./gateway/listen.js";
import { createConsoleLogger } from "./logging/create-console-logger.js";
import { createBatonMetrics } from "./metrics/create-baton-metrics.js";
import { guardMetricsRoute } from "./metrics/guard-metrics-route.js";
import { observeRepliers } from "./metrics/observe-repliers.js";
import { type MetricsServer, startMetricsServer } from "./metrics/start-metrics-server.js";
import { createOverdueTurnAnswer } from "./platforms/answer-overdue-turn.js";
import { createBackend } from "./platforms/create-backend.js";
import { createBatonClassifier } from "./platforms/create-baton-classifier.js";
import { setupSharing } from "./platforms/setup-sharing.js";
import { coalesceWrites } from "./redis/coalesce-writes.js";
import { createAckPath, REQUEST_REDIS_RETRIES } from "./redis/create-ack-path.js";
import { resolveRedis } from "./redis/resolve-redis.js";
import { createHealthRoutes } from "./routes/health-routes.js";

export type BatonMode = "all" | "gateway" | "worker";

/** How long open HTTP connections may finish their requests once the gateway is closing. */
export const GATEWAY_CLOSE_GRACE_MS = 5_000;

export interface StartBatonOptions {
  mode: BatonMode;
  env: Record<string, string | undefined>;
  logger?: Logger;
  /** Replaces the backend BATON_BACKEND names (the playground and tests run scripted agents). */
  backend?: AgentBackend;
  /** How often a turn's progress may edit its message (every bot). */
  progressMinIntervalMs?: number;
  /** The platforms this Baton may turn on (each still needs its variables); all of them by default. */
  bots?: readonly BotModule<Config>[];
  /** More routes for the gateway (the playground's page and actions). */
  routes?: readonly HttpRoute[];
}

export interface RunningBaton {
  config: Config;
  /** The gateway's base URL, when this process serves HTTP. */
  url: string | null;
  /** Where a worker process serves its /metrics (BATON_WORKER_METRICS_PORT). */
  workerMetricsUrl: string | null;
  /** Where /metrics is served when BATON_METRICS_PORT moves it off the public port. */
  metricsUrl: string | null;
  /** Stops taking work, drains running turns within the grace period, and closes everything. */
  close(): Promise<void>;
}

/**
 * The composition root: reads the configuration, connects Redis, and starts the gateway, the
 * worker or both. Nothing else in Baton reads the environment or opens connections.
 */
export async function startBaton({
  mode,
  env,
  logger: given,
  ...overrides
}: StartBatonOptions): Promise<RunningBaton> {
  const config = loadConfig(env);
  const logger = given ?? createConsoleLogger(config);
  const log = logger.child({ component: "server", mode });
  const { catalog, warnings } = await loadCatalogWithWarnings(config.BATON_CONFIG);
  for (const warning of warnings)
    log.warn("server.catalog.warning", {
      file: config.BATON_CONFIG,
      path: warning.path,
      message: warning.message,
    });
  const redis = await resolveRedis({
    redisUrl: config.REDIS_URL,
    clusterNodes: config.REDIS_CLUSTER_NODES,
    embedded: mode === "all",
    dataDir: config.BATON_DATA_DIR,
    logger: log,
  });
  // Requests fail fast while Redis is away (the platform retries on a 5xx); only the workers'
  // blocking connections wait for it indefinitely.
  const main = redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
  // Baton's own small commands (the ledger, sessions, transcripts, final-reply claims, shares,
  // the dispatcher's and the watchdog's): a turn makes a few dozen, and dozens of turns run at
  // once. With its writes coalesced, the commands issued in one turn of the event loop leave in
  // one write: on a busy worker the write system call each command made cost more than the
  // command. Kept apart from `main`, whose BullMQ queue is left as BullMQ expects it.
  const stores = redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
  coalesceWrites(stores);
  const keys = createRedisKeys(config.BATON_REDIS_PREFIX);
  const names = queueNames(config.BATON_REDIS_PREFIX);
  const limits = intakeLimitsFromConfig(config);
  // One retention for every store: nothing Baton keeps about a conversation outlives it.
  const retention = retentionFor(config.BATON_RETENTION);
  const queue = createSessionQueue({ connection: main, keys, names, logger, limits, retention });
  const ackPath = createAckPath({ mode, redis, keys, logger, limits, retention });
  const intake = ackPath?.intake ?? queue.intake;
  const ledger = createReplyLedger({ redis: stores, keys, retention });
  const sessions = createSessionStore({ redis: stores, keys, retention });
  const transcripts = createTranscriptStore({ redis: stores, keys, retention });
  const conversationContext = createConversationContextStore({ redis: stores, keys, retention });
  const conversationOwners = createConversationOwnerStore({ redis: stores, keys, retention });
  let stopGateway: (() => Promise<void>) | undefined;
  let stopWorker: (() => Promise<void>) | undefined;
  let stopBots: (() => Promise<void>) | undefined;
  let workerMetricsServer: MetricsServer | null = null;
  let metricsServer: MetricsServer | null = null;

  try {
    // Share pages read whole transcripts (up to ~100 MB): on a connection of their own, so that such
    // a read never holds up the small commands queued behind it on `stores` (a running turn's).
    const shareReads = redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
    const sharing = await setupSharing({
      config,
      catalog,
      redis: stores,
      keys,
      sessions,
      transcripts: createTranscriptStore({ redis: shareReads, keys, retention }),
      retention,
      logger,
    });
    const { bots, repliers, steering, requestContext, admit, repositoryTokens } = await setupBots({
      modules: overrides.bots ?? BOT_MODULES,
      config,
      services: {
        catalog,
        intake,
        stopConversation: queue.stop,
        queuedRequesters: queue.queuedRequesters,
        sessions,
        conversationContext,
        conversationOwners,
        shares: sharing.service,
        ledger,
        logger,
        redis: main,
        keys,
        claimDelivery: createDeliveryClaims({ redis: main, keys, ttlMs: retention.deliveryMs }),
        queueKeyOf: ackPath?.queueKeyOf,
        progressMinIntervalMs: overrides.progressMinIntervalMs,
      },
    });

    const metrics = createBatonMetrics({
      registry: new Registry(),
      redis: main,
      turns: queue.turns,
      intakeStream: keys.intakeStream,
    });
    // Every final reply (result, failure, timeout) goes through one claim per turn: one reply each.
    const finalReplies = createFinalReplyClaims({ redis: stores, keys, retention });
    const guardedRepliers = guardFinalReplies(repliers, {
      claims: finalReplies,
      logger,
      // A dead deliverer's lease lapses well inside the turn timeout, so the watchdog can still answer.
      leaseMs: Math.min(FINAL_REPLY_LEASE_MS, config.BATON_TURN_TIMEOUT_MS / 4),
    });
    const observedRepliers = observeRepliers(guardedRepliers, metrics.replies);
    const metricsRoute = config.BATON_METRICS_TOKEN
      ? guardMetricsRoute(metrics.route, config.BATON_METRICS_TOKEN)
      : metrics.route;
    if (config.BATON_METRICS_PORT !== undefined) {
      metricsServer = await startMetricsServer({
        route: metricsRoute,
        port: config.BATON_METRICS_PORT,
        host: config.BATON_METRICS_HOST,
        logger,
      });
    }
    let server: Server | null = null;
    if (mode !== "worker") {
      const publicMetrics = metricsServer ? [] : [metricsRoute];
      const routes: HttpRoute[] = [
        ...createHealthRoutes({ redis: main }),
        ...publicMetrics,
        ...sharing.routes,
        ...bots.flatMap((bot) => bot.routes),
        ...(config.BATON_ADMIN_TOKEN
          ? createQueueDashboardRoutes({
              queues: [queue.turns],
              token: config.BATON_ADMIN_TOKEN,
              publicUrl: config.BATON_PUBLIC_URL,
            })
          : []),
        ...(overrides.routes ?? []),
      ];
      routes.push(
        createFrontPageRoute({
          config,
          backend: overrides.backend?.name ?? config.BATON_BACKEND,
          modules: overrides.bots ?? BOT_MODULES,
          bots,
          routes,
          redis: main,
          turns: queue.turns,
          intakeStream: keys.intakeStream,
        }),
      );
      server = createGateway({
        routes,
        logger,
        onAnswered: ({ route, method, status, seconds }) => {
          metrics.httpRequests.counter.inc({ route, method, status: String(status) });
          metrics.httpRequests.seconds.observe({ route }, seconds);
        },
      });
      await listen(server, config.PORT, config.HOST);
      const gateway = server;
      gateway.on("error", (error) => log.error("server.gateway.error", { error: error.message }));
      stopGateway = () =>
        new Promise<void>((resolve) => {
          gateway.close(() => resolve());
          gateway.closeIdleConnections();
          // Keep-alive connections in use (a share page polling, Slack's warm sockets) would keep
          // close() waiting for ever: after a moment they are cut.
          setTimeout(() => gateway.closeAllConnections(), GATEWAY_CLOSE_GRACE_MS).unref();
        }).then(() => sharing.close());
    }

    if (mode !== "gateway") {
      const backend =
        overrides.backend ??
        createBackend({ config, catalog, redis: main, keys, retention, logger, tokens: repositoryTokens });
      const runTurn = createTurnRunner({
        sessions,
        transcripts,
        classifier: createBatonClassifier({
          config,
          catalog,
          logger,
          onDecision: (decision) => metrics.classifierDecisions.inc({ step: classifierStep(decision) }),
        }),
        backend,
        repliers: observedRepliers,
        shareLinks: sharing.service,
        conversationContext,
        owners: conversationOwners,
        allowedTargets: createAllowedTargets(catalog),
        steering,
        models: catalog.models,
        requestContext,
        admit,
        logger,
      });
      const watchdog = createTurnWatchdog({
        redis: stores,
        keys,
        turns: queue.turns,
        logger,
        timeoutMs: config.BATON_TURN_TIMEOUT_MS,
        conversationLockMs: config.BATON_WORKER_LOCK_MS,
        answer: createOverdueTurnAnswer({ repliers: observedRepliers, claims: finalReplies }),
      });
      const turnWorker = createTurnWorker({
        connection: redis.connect(),
        watchdog,
        conversationLockMs: config.BATON_WORKER_LOCK_MS,
        jobLockMs: config.BATON_WORKER_LOCK_MS,
        stalledIntervalMs: config.BATON_WORKER_LOCK_MS,
        keys,
        queueName: names.turns,
        turns: queue.turns,
        runTurn,
        logger,
        concurrency: config.BATON_WORKER_CONCURRENCY,
        onAbandoned: async (turn) => {
          await observedRepliers[turn.request.conversation.platform]?.failed(turn, {
            code: "internal",
            message: "Baton lost this request: the workers running it kept stopping. Please send it again.",
          });
        },
      });
      const dispatcher = createIntakeDispatcher({
        blocking: redis.connect(),
        redis: stores,
        // A dead worker's dispatches are taken over as soon as its turns are.
        reclaimIdleMs: config.BATON_WORKER_LOCK_MS,
        keys,
        turns: queue.turns,
        logger,
        acknowledge: async (turn) => {
          const { platform } = turn.request.conversation;
          const replier = observedRepliers[platform];
          if (!replier) return;
          await replier.acknowledge(turn);
          const receivedAt = Date.parse(turn.request.receivedAt);
          if (Number.isFinite(receivedAt))
            metrics.ackSeconds.observe({ platform }, Math.max(0, Date.now() - receivedAt) / 1000);
        },
        limits,
        fail: async (turn, error) => {
          const replier = repliers[turn.request.conversation.platform];
          if (error.code === "steering_refused") {
            // Declined privately in the bot's own words, as the worker declines at the head.
            const session = await sessions.findByConversation(turn.conversationKey);
            const check = session ? steering(session, turn.request.actor, turn.request) : null;
            await replier?.declined(turn, check && !check.allowed ? check.reason : error.message);
            return;
          }
          await replier?.failed(turn, error);
        },
      });
      turnWorker.worker.on("completed", (job, status: string) => {
        metrics.turns.counter.inc({ status });
        if (job.processedOn && job.finishedOn)
          metrics.turns.seconds.observe({ status }, (job.finishedOn - job.processedOn) / 1000);
      });
      turnWorker.worker.on("failed", () => metrics.turns.counter.inc({ status: "attempt_failed" }));
      await sharing.sweeper.start();
      watchdog.start();
      // A worker serves no HTTP: its own metrics (turns, acknowledgements, replies, classifier
      // steps) get an address of their own for Prometheus to scrape.
      if (mode === "worker" && config.BATON_WORKER_METRICS_PORT !== undefined) {
        workerMetricsServer = await startMetricsServer({
          route: metricsRoute,
          port: config.BATON_WORKER_METRICS_PORT,
          host: config.HOST,
          logger,
        });
      }
      stopWorker = async () => {
        await Promise.all([
          turnWorker.drain(config.BATON_SHUTDOWN_GRACE_MS),
          dispatcher.close(),
          watchdog.close(),
          sharing.sweeper.stop(),
        ]);
        await backend.close?.();
      };
      log.info("server.worker.started", {
        backend: backend.name,
        concurrency: config.BATON_WORKER_CONCURRENCY,
      });
    }

    // Background connections (Slack's Socket Mode) start without being awaited: a platform's
    // outage at startup holds up neither the worker nor shutdown.
    if (mode !== "worker") for (const bot of bots) bot.start?.();
    stopBots = async () => {
      await Promise.all(bots.map((bot) => bot.close?.()));
    };

    const url = server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : null;
    log.info("server.started", { url, redis: redis.describe, platforms: Object.keys(repliers) });
    return {
      config,
      url,
      workerMetricsUrl: workerMetricsServer?.url ?? null,
      metricsUrl: metricsServer?.url ?? null,
      async close() {
        log.info("server.stopping", {});
        // No new requests come in while running turns drain; then the connections close.
        await stopBots?.();
        await Promise.all([
          stopGateway?.(),
          stopWorker?.(),
          workerMetricsServer?.close(),
          metricsServer?.close(),
        ]);
        await queue.close();
        await redis.close();
        log.info("server.stopped", {});
      },
    };
  } catch (error) {
    await stopBots?.().catch(() => {});
    await stopGateway?.().catch(() => {});
    await stopWorker?.().catch(() => {});
    await workerMetricsServer?.close().catch(() => {});
    await metricsServer?.close().catch(() => {});
    await queue.close().catch(() => {});
    await redis.close().catch(() => {});
    throw error;
  }
}
