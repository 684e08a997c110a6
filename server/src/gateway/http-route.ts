import type { IncomingMessage, ServerResponse } from "node:http";

export type HttpMethod = "GET" | "POST" | "HEAD";

/**
 * One route of the gateway. `path` is literal (`/healthz`) or has `:name` segments
 * (`/s/:shareId`); the matched segments arrive in `params`, already URI-decoded.
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

/** Writes a complete JSON answer. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Writes a complete plain-text answer. */
export function sendText(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}
