import type { HttpRoute } from "@baton/core";
import { createBearerCheck } from "../http-auth/bearer-token.js";

/**
 * `/metrics` behind a bearer token (BATON_METRICS_TOKEN): queue depths and traffic are an
 * operator's business, not the public's. The token is compared in constant time.
 */
export function guardMetricsRoute(route: HttpRoute, token: string): HttpRoute {
  const isAuthorized = createBearerCheck(token);
  return {
    ...route,
    handle(request, response, params) {
      if (!isAuthorized(request)) {
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
