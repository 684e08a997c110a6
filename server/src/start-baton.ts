import { join } from "node:path";
import type { HttpRoute, ReplyBudget } from "@baton/core";
import {
  type AgentBackend,
  type Beat,
  type BotModule,
  type Catalog,
  createBeat,
  createDeliveryClaims,
  createDiscoveredCatalogStore,
  createFinalReplyClaims,
  createTrailingReplies,
  createTranscriptStore,
  FINAL_REPLY_LEASE_MS,
  type Logger,
  loadShareLinkKey,
  type TrailingReplies,
} from "@baton/core";
import { Registry } from "prom-client";
import { BOT_MODULES, platformPoliciesOf } from "./bots/bot-modules.js";
import { type StartedBots, setupBots } from "./bots/setup-bots.js";
import { setupReplyBudget } from "./budget/setup-reply-budget.js";
import { type Config, loadConfig, SHARE_LINK_KEY_FILE } from "./config/load-config.js";
import { loadServerCatalog } from "./config/load-server-catalog.js";
import { startGateway } from "./gateway/start-gateway.js";
import { createShutdownList, type ShutdownList } from "./lifecycle/create-shutdown-list.js";
import { createConsoleLogger } from "./logging/create-console-logger.js";
import { type BatonMetrics, createBatonMetrics } from "./metrics/create-baton-metrics.js";
import { guardMetricsRoute } from "./metrics/guard-metrics-route.js";
import { type MetricsServer, startMetricsServer } from "./metrics/start-metrics-server.js";
import { type Sharing, setupSharing } from "./platforms/setup-sharing.js";
import { REQUEST_REDIS_RETRIES } from "./redis/create-ack-path.js";
import { type BatonState, openBatonState } from "./redis/open-baton-state.js";
import { createWorkerReplies } from "./worker/create-worker-replies.js";
import { startWorker } from "./worker/start-worker.js";

export { GATEWAY_CLOSE_GRACE_MS } from "./gateway/start-gateway.js";

export type BatonMode = "all" | "gateway" | "worker";

/**
 * How long, after the running turns, shutdown waits for what their last replies left (a reaction,
 * a working message closed): what still waits for its budget then is dropped. It is cosmetic, and
 * a restart is not held for minutes of a workspace's reactions tier.
 */
const TRAILING_REPLIES_GRACE_MS = 5_000;

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
 * The composition root: reads the configuration, opens Baton's state in Redis, sets up sharing and
 * the bots, and starts the gateway, the worker or both. Nothing else in Baton reads the
 * environment or opens connections. What each part opens goes on one shutdown list.
 */
export async function startBaton({
  mode,
  env,
  logger: given,
  ...overrides
}: StartBatonOptions): Promise<RunningBaton> {
  const modules = overrides.bots ?? BOT_MODULES;
  const config = loadConfig(env, modules);
  const platforms = platformPoliciesOf(modules);
  const logger = given ?? createConsoleLogger(config);
  const log = logger.child({ component: "server", mode });
  const catalog = await loadServerCatalog({ config, modules, platforms, log });
  const state = await openBatonState({ config, mode, logger, log, platforms });
  const shutdown = createShutdownList();
  shutdown.add("queue", () => state.queue.close());
  shutdown.add("connections", () => state.redis.close());
  try {
    const sharing = await setupSharingOn(state, { config, catalog, logger });
    // One clock for the process's deferred work (progress, transcript batches, lock renewals).
    const beat = createBeat();
    const { registry, budget } = registryAndBudget(config, state, beat);
    // After the running turns (serving) have drained, with the queue.
    const trailingReplies = createTrailingReplies({ logger });
    shutdown.add("queue", () => trailingReplies.settle(TRAILING_REPLIES_GRACE_MS));
    const composition = { modules, config, catalog, sharing, logger, budget, beat, trailingReplies };
    const bots = await setupBotsOn(state, { ...composition, ...overrides });
    shutdown.add("intake", () => Promise.all(bots.bots.map((bot) => bot.close?.())));
    const metrics = metricsOf(state, registry);
    const metricsRoute = guardedMetricsRoute(config, metrics);
    const metricsServer = await startOwnMetricsServer(config, metricsRoute, logger, shutdown);
    const gateway =
      mode === "worker"
        ? null
        : await startGateway({
            config,
            logger,
            redis: state.main,
            turns: state.queue.turns,
            intakeStream: state.keys.intakeStream,
            modules,
            bots: bots.bots,
            shareRoutes: sharing.routes,
            metricsRoute: metricsServer ? null : metricsRoute,
            metrics,
            backend: overrides.backend?.name ?? config.BATON_BACKEND,
            routes: overrides.routes,
            rateBudget: budget?.budget ?? null,
          });
    if (gateway) shutdown.add("serving", () => gateway.close().then(() => sharing.close()));
    const worker =
      mode === "gateway"
        ? null
        : await startWorker({
            config,
            catalog,
            platforms,
            logger,
            state,
            sharing,
            bots,
            metrics,
            shutdown,
            replies: workerRepliesOf(state, bots, { config, metrics, logger }),
            beat,
            metricsRoute: mode === "worker" ? metricsRoute : null,
            backend: overrides.backend,
          });
    if (worker)
      log.info("server.worker.started", {
        backend: worker.backend.name,
        concurrency: config.BATON_WORKER_CONCURRENCY,
      });
    // Background connections (a bot's socket to its platform) start without being awaited: a platform's
    // outage at startup holds up neither the worker nor shutdown.
    if (mode !== "worker") for (const bot of bots.bots) bot.start?.();
    const url = gateway?.url ?? null;
    log.info("server.started", { url, redis: state.redis.describe, platforms: Object.keys(bots.repliers) });
    return {
      config,
      url,
      workerMetricsUrl: worker?.metricsServer?.url ?? null,
      metricsUrl: metricsServer?.url ?? null,
      async close() {
        log.info("server.stopping", {});
        // No new requests come in while running turns drain; then the connections close.
        await shutdown.close();
        log.info("server.stopped", {});
      },
    };
  } catch (error) {
    await shutdown.closeQuietly();
    throw error;
  }
}

interface Composition {
  config: Config;
  catalog: Catalog;
  logger: Logger;
}

/**
 * Share pages read whole transcripts (up to ~100 MB): on a connection of their own, so that such a
 * read never holds up the small commands queued behind it on `stores` (a running turn's).
 */
function setupSharingOn(state: BatonState, { config, catalog, logger }: Composition): Promise<Sharing> {
  const { stores, keys, sessions, retention } = state;
  const shareReads = state.redis.connect({ maxRetriesPerRequest: REQUEST_REDIS_RETRIES });
  return setupSharing({
    config,
    catalog,
    redis: stores,
    keys,
    sessions,
    transcripts: createTranscriptStore({ redis: shareReads, keys, retention }),
    retention,
    logger,
  });
}

/** Every bot module whose variables are set, given what bots may use. */
function setupBotsOn(
  state: BatonState,
  options: Composition & {
    modules: readonly BotModule<Config>[];
    sharing: Sharing;
    progressMinIntervalMs?: number;
    budget: { replyBudget: ReplyBudget } | null;
    beat: Beat;
    trailingReplies: TrailingReplies;
  },
): Promise<StartedBots> {
  const { config, catalog, logger, sharing } = options;
  const { queue, keys, retention } = state;
  return setupBots({
    modules: options.modules,
    config,
    services: {
      catalog,
      catalogSource: createDiscoveredCatalogStore({ redis: state.main, keys, logger }),
      intake: state.ackPath?.intake ?? queue.intake,
      stopConversation: queue.stop,
      queuedRequesters: queue.queuedRequesters,
      sessions: state.sessions,
      conversationContext: state.conversationContext,
      conversationOwners: state.conversationOwners,
      learnedRouting: state.learnedRouting,
      shares: sharing.service,
      ledger: state.ledger,
      logger,
      redis: state.main,
      keys,
      claimDelivery: createDeliveryClaims({ redis: state.main, keys, ttlMs: retention.deliveryMs }),
      queueKeyOf: state.ackPath?.queueKeyOf,
      progressMinIntervalMs: options.progressMinIntervalMs,
      beat: options.beat,
      trailingReplies: options.trailingReplies,
      replyBudget: options.budget?.replyBudget,
      publicUrl: config.BATON_PUBLIC_URL,
      loadSealingKey: () =>
        loadShareLinkKey({
          secret: config.BATON_SHARE_KEY,
          keyFile: join(config.BATON_DATA_DIR, SHARE_LINK_KEY_FILE),
        }),
    },
  });
}

/** Every final reply (result, failure, timeout, the dispatcher's) goes through one claim per turn. */
function workerRepliesOf(
  state: BatonState,
  bots: StartedBots,
  { config, metrics, logger }: { config: Config; metrics: BatonMetrics; logger: Logger },
) {
  return createWorkerReplies({
    repliers: bots.repliers,
    claims: createFinalReplyClaims({ redis: state.stores, keys: state.keys, retention: state.retention }),
    ledger: state.ledger,
    sessions: state.sessions,
    steering: bots.steering,
    metrics,
    logger,
    // A dead deliverer's lease lapses well inside the turn timeout, so the watchdog can still answer.
    leaseMs: Math.min(FINAL_REPLY_LEASE_MS, config.BATON_TURN_TIMEOUT_MS / 4),
  });
}

/** `/metrics` off the public port, when BATON_METRICS_PORT asks for it. */
async function startOwnMetricsServer(
  config: Config,
  route: HttpRoute,
  logger: Logger,
  shutdown: ShutdownList,
): Promise<MetricsServer | null> {
  if (config.BATON_METRICS_PORT === undefined) return null;
  const server = await startMetricsServer({
    route,
    port: config.BATON_METRICS_PORT,
    host: config.BATON_METRICS_HOST,
    logger,
  });
  shutdown.add("serving", () => server.close());
  return server;
}

/** `/metrics`, behind BATON_METRICS_TOKEN when it is set. */
function guardedMetricsRoute(config: Config, metrics: BatonMetrics): HttpRoute {
  return config.BATON_METRICS_TOKEN
    ? guardMetricsRoute(metrics.route, config.BATON_METRICS_TOKEN)
    : metrics.route;
}

/** This Baton's metrics on `registry`; the queue figures are read from Redis at scrape time. */
function metricsOf(state: BatonState, registry: Registry): BatonMetrics {
  return createBatonMetrics({
    registry,
    redis: state.main,
    turns: state.queue.turns,
    intakeStream: state.keys.intakeStream,
  });
}

/** One registry for this Baton, and the rate budgets the bots spend: they report on it before the rest is made. */
function registryAndBudget(config: Config, state: BatonState, beat: Beat) {
  const registry = new Registry();
  return {
    registry,
    budget: setupReplyBudget({ config, redis: state.stores, keys: state.keys, registry, beat }),
  };
}
