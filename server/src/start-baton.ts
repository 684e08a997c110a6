import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AgentBackend,
  type BotModule,
  createConversationContextStore,
  createRedisKeys,
  createReplyLedger,
  createSessionStore,
  createTranscriptStore,
  createTurnRunner,
  type Logger,
  loadCatalogWithWarnings,
} from "@baton/core";
import { createIntakeDispatcher, createSessionQueue, createTurnWorker, queueNames } from "@baton/queue";
import { BOT_MODULES } from "./bots/bot-modules.js";
import { setupBots } from "./bots/setup-bots.js";
import { type Config, loadConfig } from "./config/load-config.js";
import { createGateway } from "./gateway/create-gateway.js";
import type { HttpRoute } from "./gateway/http-route.js";
import { createLogger } from "./logging/create-logger.js";
import { createBatonMetrics } from "./metrics/create-baton-metrics.js";
import { createBackend } from "./platforms/create-backend.js";
import { createBatonClassifier } from "./platforms/create-baton-classifier.js";
import { setupSharing } from "./platforms/setup-sharing.js";
import { resolveRedis } from "./redis/resolve-redis.js";
import { createHealthRoutes } from "./routes/health-routes.js";

export type BatonMode = "all" | "gateway" | "worker";

const REQUEST_REDIS_RETRIES = 2;

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
  const logger = given ?? createLogger({ level: config.LOG_LEVEL });
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
    embedded: mode === "all",
    dataDir: config.BATON_DATA_DIR,
    logger: log,
  });
  // Requests fail fast while Redis is away (the platform retries on a 5xx); only the workers'
  // blocking connections wait for it indefinitely.
  const main = redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
  const keys = createRedisKeys(config.BATON_REDIS_PREFIX);
  const names = queueNames(config.BATON_REDIS_PREFIX);
  const queue = createSessionQueue({ connection: main, keys, names, logger });
  const ledger = createReplyLedger({ redis: main, keys });
  const sessions = createSessionStore({ redis: main, keys });
  const transcripts = createTranscriptStore({ redis: main, keys });
  const conversationContext = createConversationContextStore({ redis: main, keys });
  let stopGateway: (() => Promise<void>) | undefined;
  let stopWorker: (() => Promise<void>) | undefined;
  let stopBots: (() => Promise<void>) | undefined;

  try {
    const sharing = await setupSharing({ config, catalog, redis: main, keys, sessions, transcripts, logger });
    const { bots, repliers, steering, admit } = await setupBots({
      modules: overrides.bots ?? BOT_MODULES,
      config,
      services: {
        catalog,
        intake: queue.intake,
        stopConversation: queue.stop,
        queuedRequesters: queue.queuedRequesters,
        sessions,
        conversationContext,
        shares: sharing.service,
        ledger,
        logger,
        redis: main,
        keys,
        progressMinIntervalMs: overrides.progressMinIntervalMs,
      },
    });

    const metrics = createBatonMetrics({ redis: main, turns: queue.turns, intakeStream: keys.intakeStream });
    let server: Server | null = null;
    if (mode !== "worker") {
      const routes: HttpRoute[] = [
        ...createHealthRoutes({ redis: main }),
        metrics.route,
        ...sharing.routes,
        ...bots.flatMap((bot) => bot.routes),
        ...(overrides.routes ?? []),
      ];
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
        new Promise((resolve) => {
          gateway.close(() => resolve());
          gateway.closeIdleConnections();
          // Keep-alive connections in use (a share page polling, Slack's warm sockets) would keep
          // close() waiting for ever: after a moment they are cut.
          setTimeout(() => gateway.closeAllConnections(), GATEWAY_CLOSE_GRACE_MS).unref();
        });
    }

    if (mode !== "gateway") {
      const backend = overrides.backend ?? createBackend({ config, catalog, redis: main, keys, logger });
      const runTurn = createTurnRunner({
        sessions,
        transcripts,
        classifier: createBatonClassifier({ config, catalog, logger }),
        backend,
        repliers,
        shareLinks: sharing.service,
        conversationContext,
        steering,
        models: catalog.models,
        admit,
        logger,
      });
      const turnWorker = createTurnWorker({
        connection: redis.connect(),
        keys,
        queueName: names.turns,
        turns: queue.turns,
        runTurn,
        logger,
        concurrency: config.BATON_WORKER_CONCURRENCY,
        onAbandoned: async (turn) => {
          await repliers[turn.request.conversation.platform]?.failed(turn, {
            code: "internal",
            message: "Baton lost this request: the workers running it kept stopping. Please send it again.",
          });
        },
      });
      const dispatcher = createIntakeDispatcher({
        blocking: redis.connect(),
        redis: main,
        keys,
        turns: queue.turns,
        logger,
        acknowledge: async (turn) => {
          await repliers[turn.request.conversation.platform]?.acknowledge(turn);
        },
      });
      turnWorker.worker.on("completed", (job, status: string) => {
        metrics.turns.counter.inc({ status });
        if (job.processedOn && job.finishedOn)
          metrics.turns.seconds.observe({ status }, (job.finishedOn - job.processedOn) / 1000);
      });
      turnWorker.worker.on("failed", () => metrics.turns.counter.inc({ status: "attempt_failed" }));
      await sharing.sweeper.start();
      stopWorker = async () => {
        await Promise.all([
          turnWorker.drain(config.BATON_SHUTDOWN_GRACE_MS),
          dispatcher.close(),
          sharing.sweeper.stop(),
        ]);
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
      async close() {
        log.info("server.stopping", {});
        // No new requests come in while running turns drain; then the connections close.
        await stopBots?.();
        await Promise.all([stopGateway?.(), stopWorker?.()]);
        await queue.close();
        await redis.close();
        log.info("server.stopped", {});
      },
    };
  } catch (error) {
    await stopBots?.().catch(() => {});
    await stopGateway?.().catch(() => {});
    await stopWorker?.().catch(() => {});
    await queue.close().catch(() => {});
    await redis.close().catch(() => {});
    throw error;
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
