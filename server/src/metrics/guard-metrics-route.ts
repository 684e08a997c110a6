import { createHash, timingSafeEqual } from "node:crypto";
import type { HttpRoute } from "../gateway/http-route.js";

/**
 * `/metrics` behind a bearer token (BATON_METRICS_TOKEN): queue depths and traffic are an
 * operator's business, not the public's. Compared as SHA-256 digests so that neither the length
 * nor the content of the token leaks through timing.
 */
export function guardMetricsRoute(route: HttpRoute, token: string): HttpRoute {
  const expected = digest(token);
  return {
    ...route,
    handle(request, response, params) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!timingSafeEqual(digest(given), expected)) {
        response
          .writeHead(401, {
            "content-type": "text/plain; charset=utf-8",
            "www-authenticate": 'Bearer realm="baton-metrics"',
            "cache-control": "no-store",
          })
          .end("unauthorized\n");
        return;
      }
      return route.handle(request, response, params);
    },
  };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
