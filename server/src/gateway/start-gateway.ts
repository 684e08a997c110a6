import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Bot, BotModule, HttpRoute, Logger, RateBudget } from "@baton/core";
import type { TurnJob } from "@baton/queue";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { createQueueDashboardRoutes } from "../admin/create-queue-dashboard-routes.js";
import type { Config } from "../config/load-config.js";
import { createFrontPageRoute } from "../front-page/create-front-page-route.js";
import type { BatonMetrics } from "../metrics/create-baton-metrics.js";
import { createHealthRoutes } from "../routes/health-routes.js";
import { createGateway } from "./create-gateway.js";
import { listen } from "./listen.js";

/** How long open HTTP connections may finish their requests once the gateway is closing. */
export const GATEWAY_CLOSE_GRACE_MS = 5_000;

export interface StartGatewayOptions {
  config: Config;
  logger: Logger;
  /** The main connection: readiness, the front page's queue figures. */
  redis: Redis;
  turns: Queue<TurnJob>;
  intakeStream: string;
  /** Every platform this Baton knows, and those that are on (their webhook routes are served). */
  modules: readonly BotModule<Config>[];
  bots: readonly Bot[];
  /** The share pages and their API. */
  shareRoutes: readonly HttpRoute[];
  /** `/metrics`, when it is served on the public port. */
  metricsRoute: HttpRoute | null;
  metrics: Pick<BatonMetrics, "httpRequests">;
  /** The backend's name, for the front page. */
  backend: string;
  /** More routes (the playground's page and actions). */
  routes?: readonly HttpRoute[];
  /** The platforms' rate budgets, for the front page's word on who is rate-limiting Baton. */
  rateBudget?: Pick<RateBudget, "rateLimited"> | null;
}

export interface RunningGateway {
  url: string;
  /** Stops taking connections; keep-alive ones are cut after `GATEWAY_CLOSE_GRACE_MS`. */
  close(): Promise<void>;
}

/** The gateway: every route of this Baton on one HTTP server, listening on `PORT`. */
export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const { config, logger, redis, turns, intakeStream, bots, metrics } = options;
  const routes: HttpRoute[] = [
    ...createHealthRoutes({ redis }),
    ...(options.metricsRoute ? [options.metricsRoute] : []),
    ...options.shareRoutes,
    ...bots.flatMap((bot) => bot.routes),
    ...(config.BATON_ADMIN_TOKEN
      ? createQueueDashboardRoutes({
          queues: [turns],
          token: config.BATON_ADMIN_TOKEN,
          publicUrl: config.BATON_PUBLIC_URL,
        })
      : []),
    ...(options.routes ?? []),
  ];
  routes.push(
    createFrontPageRoute({
      config,
      backend: options.backend,
      modules: options.modules,
      bots,
      routes,
      redis,
      turns,
      intakeStream,
      rateBudget: options.rateBudget ?? null,
    }),
  );
  const server = createGateway({
    routes,
    logger,
    onAnswered: ({ route, method, status, seconds }) => {
      metrics.httpRequests.counter.inc({ route, method, status: String(status) });
      metrics.httpRequests.seconds.observe({ route }, seconds);
    },
  });
  await listen(server, config.PORT, config.HOST);
  server.on("error", (error) =>
    logger.child({ component: "server" }).error("server.gateway.error", { error: error.message }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => closeGateway(server),
  };
}

function closeGateway(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Keep-alive connections in use (a share page polling, a platform's warm sockets) would keep
    // close() waiting for ever: after a moment they are cut.
    setTimeout(() => server.closeAllConnections(), GATEWAY_CLOSE_GRACE_MS).unref();
  });
}
