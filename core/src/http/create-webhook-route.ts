import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpRoute } from "../contracts/http-route.js";
import type { Logger } from "../contracts/logger.js";
import { createLogThrottle } from "./create-log-throttle.js";
import { MAX_WEBHOOK_BODY_BYTES, readBody } from "./read-body.js";

/** Why a delivery was turned away: `reason` goes to the logs, `shown` (or `reason`) to the caller. */
export interface WebhookRefusal {
  ok: false;
  status: number;
  reason: string;
  /** What the caller is told instead of `reason` (one answer for every failed signature check). */
  shown?: string;
  /** More fields for the refusal's log line (a delivery id). */
  fields?: Record<string, unknown>;
}

/** A verified delivery; a verifier that had to parse the body to check it hands the result on. */
export type WebhookVerdict<TPayload> = { ok: true; payload?: TPayload } | WebhookRefusal;

/** The answers a webhook writes, each written (and a refusal logged) the same way on every route. */
export interface WebhookReplies {
  json(response: ServerResponse, status: number, body: unknown): void;
  text(response: ServerResponse, status: number, body: string, contentType?: string): void;
  refuse(response: ServerResponse, refusal: Omit<WebhookRefusal, "ok">): void;
}

export interface WebhookRouteOptions<TBody extends string | Buffer, TPayload> {
  path: string;
  /** Names the refusal's log line: `<component>.request_rejected` (e.g. `bots.<platform>`). */
  component: string;
  logger: Logger;
  /** Bodies larger than this are refused with a 413 before they are read in full. */
  maxBodyBytes?: number;
  /** At most one refusal line per reason every few seconds (a platform that floods bad requests). */
  throttleRejectionLogs?: boolean;
  /** The delivery's id, for the refusal's log line, read from the headers alone. */
  deliveryIdOf?(request: IncomingMessage): string | undefined;
  /** What verify and parse read: the body's text (`webhookText`) or its bytes (`webhookBytes`). */
  decode(bytes: Buffer): TBody;
  /** Checks the signature over the raw body, before anything parses it. */
  verify(body: TBody, request: IncomingMessage): WebhookVerdict<TPayload> | Promise<WebhookVerdict<TPayload>>;
  /** Turns the verified body into the payload (refusing with `webhookRefusal`); JSON by default. */
  parse?(body: TBody, request: IncomingMessage): TPayload | WebhookRefusal;
  /** Acts on the verified, parsed payload and answers through `replies`. */
  receive(
    payload: TPayload,
    request: IncomingMessage,
    response: ServerResponse,
    replies: WebhookReplies,
  ): Promise<void> | void;
}

export const webhookText = (bytes: Buffer): string => bytes.toString("utf8");
export const webhookBytes = (bytes: Buffer): Buffer => bytes;

/** The refusals `parse` returns, told apart from a payload that merely looks like one. */
const parseRefusals = new WeakSet<object>();

/** A refusal for `parse` to return (`{ ok: false }` in a payload itself is no refusal). */
export function webhookRefusal(refusal: Omit<WebhookRefusal, "ok">): WebhookRefusal {
  const made: WebhookRefusal = { ok: false, ...refusal };
  parseRefusals.add(made);
  return made;
}

const MALFORMED_JSON = webhookRefusal({ status: 400, reason: "malformed_json" });

function isRefusal(value: unknown): value is WebhookRefusal {
  return typeof value === "object" && value !== null && parseRefusals.has(value);
}

/**
 * One webhook endpoint, the way `@octokit/webhooks`' `verifyAndReceive` is one step: read the body
 * (413 past the limit), verify its signature, parse it, and hand it to the platform's `receive`.
 * The platform supplies verify, parse and receive; the reading, the limit, the refusal's JSON body
 * and its log line are written here once. Nothing between arrival and `receive` waits on more
 * than reading the body (and a verifier that is itself asynchronous).
 */
export function createWebhookRoute<TBody extends string | Buffer, TPayload>(
  options: WebhookRouteOptions<TBody, TPayload>,
): HttpRoute {
  const { decode, verify, receive, deliveryIdOf } = options;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_WEBHOOK_BODY_BYTES;
  const log = options.logger.child({ component: options.component });
  const rejectedEvent = `${options.component}.request_rejected`;
  const throttle = options.throttleRejectionLogs ? createLogThrottle() : null;
  const parse =
    options.parse ??
    ((body: TBody): TPayload | WebhookRefusal => {
      try {
        return JSON.parse(String(body)) as TPayload;
      } catch {
        return MALFORMED_JSON;
      }
    });

  function json(response: ServerResponse, status: number, body: unknown): void {
    text(response, status, JSON.stringify(body), "application/json");
  }

  function text(response: ServerResponse, status: number, body: string, contentType = "text/plain"): void {
    response
      .writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) })
      .end(body);
  }

  function refuse(
    response: ServerResponse,
    { status, reason, shown, fields }: Omit<WebhookRefusal, "ok">,
    request?: IncomingMessage,
  ): void {
    const taken = throttle?.take(reason);
    if (!taken || taken.log) {
      const deliveryId = request && deliveryIdOf ? { delivery_id: deliveryIdOf(request) } : {};
      const suppressed = taken ? { suppressed: taken.suppressed } : {};
      log.warn(rejectedEvent, {
        status,
        reason,
        outcome: "rejected",
        ...deliveryId,
        ...suppressed,
        ...fields,
      });
    }
    json(response, status, { error: shown ?? reason });
  }

  const replies: WebhookReplies = { json, text, refuse };

  return {
    method: "POST",
    path: options.path,
    async handle(request, response) {
      const read = await readBody(request, maxBodyBytes);
      if (read.kind === "too_large")
        return refuse(response, { status: 413, reason: "body_too_large" }, request);
      if (read.kind === "aborted") return;
      const body = decode(read.body);
      const checked = verify(body, request);
      const verdict = checked instanceof Promise ? await checked : checked;
      if (!verdict.ok) return refuse(response, verdict, request);
      const payload = verdict.payload !== undefined ? verdict.payload : parse(body, request);
      if (isRefusal(payload)) return refuse(response, payload, request);
      return receive(payload, request, response, replies);
    },
  };
}
