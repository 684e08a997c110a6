import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { errorMessage, type HttpRoute, type Logger, sendJson } from "@baton/core";

/**
 * Headers on the gateway's own answers (unknown path, wrong method, a route that threw): they
 * may be seen by browsers on share-link paths, so they are as strict as the share pages.
 */
const FALLBACK_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex, nofollow",
  "cache-control": "no-store",
  "x-frame-options": "DENY",
};

interface CompiledRoute {
  route: HttpRoute;
  pattern: RegExp;
  names: string[];
}

function compile(route: HttpRoute): CompiledRoute {
  const names: string[] = [];
  // A path ending in `/*` serves everything under it (a mounted app such as the queue dashboard);
  // the rest of the path arrives as `params["*"]`, empty for the prefix itself.
  if (route.path.endsWith("/*")) {
    const prefix = compile({ ...route, path: route.path.slice(0, -2) });
    return {
      route,
      pattern: new RegExp(`${prefix.pattern.source.slice(0, -1)}(?:/(.*))?$`),
      names: [...prefix.names, "*"],
    };
  }
  const source = route.path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}$`), names };
}

export interface GatewayOptions {
  routes: HttpRoute[];
  logger: Logger;
  /** Told of every answer: the route pattern it matched (or `unmatched`), the method, status and time. */
  onAnswered?: (answer: { route: string; method: string; status: number; seconds: number }) => void;
}

/**
 * Baton's one HTTP server. It only routes: each route owns its parsing, verification and answer.
 * A route that throws gets a 500 and a log line; the server keeps serving.
 */
export function createGateway({ routes, logger, onAnswered }: GatewayOptions): Server {
  const compiled = routes.map(compile);
  const byExactPath = indexExactPaths(compiled);
  const log = logger.child({ component: "server.gateway" });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? "/").split("?", 1)[0] ?? "/";
    const method = request.method === "HEAD" ? "GET" : request.method;
    let pathMatched = false;
    for (const { route, pattern, names } of byExactPath.get(path) ?? compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      if (onAnswered) observe(request, response, route.path);
      const params: Record<string, string> = {};
      names.forEach((name, index) => {
        params[name] = safeDecode(match[index + 1] ?? "");
      });
      await route.handle(request, response, params);
      return;
    }
    if (onAnswered) observe(request, response, "unmatched");
    request.resume();
    if (pathMatched) sendJson(response, 405, { error: "method_not_allowed" }, FALLBACK_HEADERS);
    else sendJson(response, 404, { error: "not_found" }, FALLBACK_HEADERS);
  }

  function observe(request: IncomingMessage, response: ServerResponse, route: string): void {
    const startedAt = process.hrtime.bigint();
    response.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      onAnswered?.({ route, method: request.method ?? "", status: response.statusCode, seconds });
    });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      log.error("server.gateway.route_failed", {
        path: request.url?.split("?", 1)[0],
        error: errorMessage(error),
      });
      if (!response.headersSent) sendJson(response, 500, { error: "internal_error" }, FALLBACK_HEADERS);
      else response.destroy();
    });
  });
  // Platforms keep connections alive between deliveries; keep them open a bit longer than they do.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * For each fixed path (a webhook's), the routes that match it, in their order: a delivery is
 * routed by one map lookup and one pattern test instead of trying every route before it. The
 * answer is the same as the full scan's, which the other paths still get.
 */
function indexExactPaths(compiled: readonly CompiledRoute[]): Map<string, CompiledRoute[]> {
  const byPath = new Map<string, CompiledRoute[]>();
  for (const { route } of compiled) {
    if (route.path.includes(":") || route.path.endsWith("/*") || byPath.has(route.path)) continue;
    byPath.set(
      route.path,
      compiled.filter(({ pattern }) => pattern.test(route.path)),
    );
  }
  return byPath;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
