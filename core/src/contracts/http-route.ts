import type { IncomingMessage, ServerResponse } from "node:http";

export type HttpMethod = "GET" | "POST" | "HEAD";

/**
 * One route of the gateway. `path` is literal (`/healthz`) or has `:name` segments
 * (`/s/:shareId`); the matched segments arrive in `params`, already URI-decoded. Bots provide
 * their webhook endpoints as routes (see `Bot.routes`); the gateway serves them all.
 */
export interface HttpRoute {
  method: HttpMethod;
  path: string;
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    params: Record<string, string>,
  ): Promise<void> | void;
}
