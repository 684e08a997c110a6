import type { IncomingMessage, ServerResponse } from "node:http";
import type { PaneActionResult } from "@baton/core";
import { errorMessage, type HttpRoute, type Logger, sendJson } from "@baton/core";
import { isLocalHostHeader } from "./is-local-host-header.js";
import { isLoopbackAddress } from "./is-loopback-address.js";
import { playgroundSecurityHeaders } from "./playground-security-headers.js";

/** A person's action is a few lines of text; anything bigger is not from the page. */
export const PLAYGROUND_MAX_ACTION_BYTES = 64 * 1024;

export interface PlaygroundRoutesOptions {
  page: () => string;
  script: string;
  style: string;
  /** The first event of a page's stream: every pane and its state now. */
  snapshot: () => unknown;
  openStream(response: ServerResponse, first: unknown, headers: Record<string, string>): void;
  act(platform: string, input: unknown): Promise<PaneActionResult>;
  /** BATON_PLAYGROUND_PUBLIC=1: answer clients other than this machine too. */
  public: boolean;
  logger: Logger;
}

/**
 * The playground's routes: the page and its two files, the event stream, and the actions
 * (`POST /playground/api/:platform`). They answer only this machine unless asked otherwise: the
 * actions post as anyone in the simulated workspaces.
 */
export function createPlaygroundRoutes(options: PlaygroundRoutesOptions): HttpRoute[] {
  const log = options.logger.child({ component: "server.playground" });
  const headers = playgroundSecurityHeaders();
  const guarded = (method: HttpRoute["method"], path: string, handle: HttpRoute["handle"]): HttpRoute => ({
    method,
    path,
    async handle(request, response, params) {
      const refusal = options.public ? null : localRefusal(request);
      if (refusal) {
        request.resume();
        log.warn("server.playground.refused", { reason: refusal, outcome: "rejected" });
        return sendJson(response, 403, { error: "playground_is_local" }, headers);
      }
      await handle(request, response, params);
    },
  });
  const file = (path: string, type: string, body: () => string) =>
    guarded("GET", path, (request, response) => {
      request.resume();
      response.writeHead(200, { ...headers, "content-type": type }).end(body());
    });

  return [
    file("/playground", "text/html; charset=utf-8", options.page),
    file("/playground/playground.js", "text/javascript; charset=utf-8", () => options.script),
    file("/playground/playground.css", "text/css; charset=utf-8", () => options.style),
    file("/playground/favicon.svg", "image/svg+xml", () => PLAYGROUND_FAVICON),
    guarded("GET", "/playground/events", (request, response) => {
      request.resume();
      options.openStream(response, options.snapshot(), headers);
    }),
    guarded("POST", "/playground/api/:platform", async (request, response, params) => {
      const input = await readAction(request);
      if (input.kind === "refused") return sendJson(response, input.status, { error: input.reason }, headers);
      try {
        const result = await options.act(params.platform ?? "", input.body);
        if (result.kind === "refused")
          return sendJson(response, result.status, { error: result.reason }, headers);
        sendJson(response, 200, { ok: true }, headers);
      } catch (error) {
        log.error("server.playground.action_failed", {
          platform: params.platform,
          error: errorMessage(error),
        });
        sendJson(response, 502, { error: "action_failed" }, headers);
      }
    }),
  ];
}

/** A baton, drawn small, so the browser asks for no /favicon.ico. */
const PLAYGROUND_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="7" y="1" width="2" height="14" rx="1" fill="#e01e5a"/></svg>';

/** Why a request is not from a browser on this machine, if it is not. */
function localRefusal(request: IncomingMessage): "not_loopback" | "foreign_host" | null {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return "not_loopback";
  return isLocalHostHeader(request.headers.host) ? null : "foreign_host";
}

type ReadAction = { kind: "read"; body: unknown } | { kind: "refused"; status: number; reason: string };

async function readAction(request: IncomingMessage): Promise<ReadAction> {
  // JSON only: a form another site posts from the browser cannot set this type without asking
  // first (a CORS preflight the playground never grants).
  if (!request.headers["content-type"]?.startsWith("application/json")) {
    request.resume();
    return { kind: "refused", status: 415, reason: "json_expected" };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > PLAYGROUND_MAX_ACTION_BYTES) return { kind: "refused", status: 413, reason: "too_large" };
    chunks.push(chunk as Buffer);
  }
  try {
    return { kind: "read", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { kind: "refused", status: 400, reason: "bad_json" };
  }
}
