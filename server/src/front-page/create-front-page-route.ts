import type { Bot, BotModule, HttpRoute, RateBudget } from "@baton/core";
import type { TurnJob } from "@baton/queue";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { Config } from "../config/load-config.js";
import { createBearerCheck } from "../http-auth/bearer-token.js";
import { isRedisReady } from "../routes/health-routes.js";
import { cspHash } from "../share-pages/csp-hash.js";
import { shareSecurityHeaders } from "../share-pages/share-security-headers.js";
import { FRONT_PAGE_STYLE } from "./front-page-style.js";
import { type FrontPagePlatform, type FrontPageQueue, renderFrontPage } from "./render-front-page.js";

/** Its own inline style, by hash; no script, no other origin. */
export const FRONT_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${cspHash(FRONT_PAGE_STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The path the playground registers, when it is built in: linked only if a route serves it. */
export const PLAYGROUND_PATH = "/playground";
const TURN_STATES = ["waiting", "active", "delayed", "failed"] as const;

export interface FrontPageRouteOptions {
  config: Pick<Config, "BATON_PUBLIC_URL" | "BATON_ADMIN_TOKEN">;
  /** The backend's name (`BATON_BACKEND`, or the one given to `startBaton`). */
  backend: string;
  /** Every platform this Baton knows, on or off. */
  modules: readonly BotModule<Config>[];
  /** The platforms that are on. */
  bots: readonly Bot[];
  /** The gateway's routes, read when the page is asked for, so that routes added later count. */
  routes: readonly HttpRoute[];
  redis: Redis;
  turns: Queue<TurnJob>;
  intakeStream: string;
  /** Where the front page learns which platforms are rate-limiting Baton; none without a budget. */
  rateBudget?: Pick<RateBudget, "rateLimited"> | null;
}

/**
 * `GET /`: what this Baton is and how it is set up. Publicly it tells no more than `/readyz` and a
 * probe of the webhook paths would (Redis ready, which platforms answer); queue figures need
 * `Authorization: Bearer <BATON_ADMIN_TOKEN>`. No value of any variable is shown except the public URL.
 */
export function createFrontPageRoute(options: FrontPageRouteOptions): HttpRoute {
  const { config, routes } = options;
  const isAdmin = config.BATON_ADMIN_TOKEN ? createBearerCheck(config.BATON_ADMIN_TOKEN) : () => false;
  return {
    method: "GET",
    path: "/",
    async handle(request, response) {
      const [redisReady, queue, rateLimited] = await Promise.all([
        isRedisReady(options.redis),
        isAdmin(request) ? readQueue(options).catch(() => null) : Promise.resolve(null),
        options.rateBudget
          ? options.rateBudget.rateLimited(options.bots.map((bot) => bot.platform)).catch(() => [])
          : Promise.resolve([]),
      ]);
      const html = renderFrontPage({
        publicUrl: config.BATON_PUBLIC_URL,
        backend: options.backend,
        redisReady,
        platforms: describePlatforms(options),
        playgroundPath: routes.some((r) => r.method === "GET" && r.path === PLAYGROUND_PATH)
          ? PLAYGROUND_PATH
          : null,
        queue,
        rateLimited,
      });
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-length": Buffer.byteLength(html),
        ...shareSecurityHeaders(FRONT_PAGE_CSP),
      });
      response.end(request.method === "HEAD" ? undefined : html);
    },
  };
}

function describePlatforms({ modules, bots, config }: FrontPageRouteOptions): FrontPagePlatform[] {
  const base = config.BATON_PUBLIC_URL.replace(/\/+$/, "");
  return modules.map((module): FrontPagePlatform => {
    const bot = bots.find((b) => b.platform === module.platform);
    if (!bot)
      return { platform: module.platform, on: false, variables: module.variables, hint: module.disabledHint };
    return {
      platform: module.platform,
      on: true,
      endpoints: bot.routes.map((route) => ({ method: route.method, url: `${base}${route.path}` })),
    };
  });
}

async function readQueue({ turns, redis, intakeStream }: FrontPageRouteOptions): Promise<FrontPageQueue> {
  const [counts, intakeBacklog] = await Promise.all([
    turns.getJobCounts(...TURN_STATES),
    redis.xlen(intakeStream),
  ]);
  return {
    turns: Object.fromEntries(TURN_STATES.map((state) => [state, counts[state] ?? 0])),
    intakeBacklog,
  };
}
