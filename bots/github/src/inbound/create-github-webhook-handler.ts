import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type Catalog,
  errorMessage,
  type Logger,
  type QueueKeyResolver,
  type RequestIntake,
  readBody,
} from "@baton/core";
import { buildGithubRequest } from "./build-github-request.js";
import type { RunGithubControl } from "./create-github-controls.js";
import { conversationOfPlace } from "./github-trigger.js";
import { parseGithubEvent } from "./parse-github-event.js";

/** GitHub caps webhook payloads at 25 MB; the events Baton reads are far smaller. */
export const GITHUB_WEBHOOK_MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface GithubWebhookHandlerOptions {
  /** Probot's verifier (`@octokit/webhooks`), constant-time, keyed by the webhook secret. */
  verify(rawBody: string, signature: string): Promise<boolean>;
  mention: string;
  catalog: Catalog;
  intake: RequestIntake;
  /** A pull request that a session made queues with that session's conversation. */
  queueKeyOf: QueueKeyResolver;
  runControl: RunGithubControl;
  logger: Logger;
  now?: () => Date;
}

export type GithubWebhookHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * `POST /api/github/webhooks`. Between arrival and the answer there is only: read, verify
 * `X-Hub-Signature-256` with Probot's verifier, parse, and intake (dedupe by `X-GitHub-Delivery`,
 * persist, enqueue). The 2xx leaves once the request is safe in Redis; anything that talks to
 * GitHub happens in the worker.
 */
export function createGithubWebhookHandler(options: GithubWebhookHandlerOptions): GithubWebhookHandler {
  const { verify, mention, catalog, intake, queueKeyOf, runControl, logger } = options;
  const now = options.now ?? (() => new Date());
  const log = logger.child({ component: "bots.github" });

  function answer(response: ServerResponse, status: number, body: Record<string, unknown>): void {
    const text = JSON.stringify(body);
    response
      .writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
      .end(text);
  }

  function refuse(response: ServerResponse, status: number, reason: string, deliveryId?: string): void {
    log.warn("bots.github.request_rejected", {
      status,
      reason,
      delivery_id: deliveryId,
      outcome: "rejected",
    });
    answer(response, status, { error: reason });
  }

  return async function handleGithubWebhook(request, response) {
    const event = header(request, "x-github-event");
    const deliveryId = header(request, "x-github-delivery");
    const signature = header(request, "x-hub-signature-256");
    const body = await readBody(request, GITHUB_WEBHOOK_MAX_BODY_BYTES);
    if (body.kind === "too_large") return refuse(response, 413, "body_too_large", deliveryId);
    if (body.kind === "aborted") return;
    if (!signature) return refuse(response, 401, "missing_signature", deliveryId);
    const rawBody = body.body.toString("utf8");
    if (!rawBody || !(await verify(rawBody, signature)))
      return refuse(response, 401, "bad_signature", deliveryId);
    if (!event || !deliveryId) return refuse(response, 400, "missing_event_headers", deliveryId);

    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return refuse(response, 400, "malformed_json", deliveryId);
    }
    if (event === "ping") return answer(response, 200, { ok: true });
    const parsed = parseGithubEvent(event, json, mention);
    switch (parsed.kind) {
      case "invalid":
        return refuse(response, 400, parsed.reason, deliveryId);
      case "ignored":
        log.debug("bots.github.event_ignored", { delivery_id: deliveryId, event, reason: parsed.reason });
        return answer(response, 200, { ignored: parsed.reason });
      case "control":
        // Answered first: the control asks GitHub for the person's permission before it acts.
        answer(response, 202, { control: parsed.word });
        runControl(parsed.word, parsed.trigger).catch((error: unknown) =>
          log.error("bots.github.control_failed", {
            delivery_id: deliveryId,
            word: parsed.word,
            error: errorMessage(error),
          }),
        );
        return;
      case "prompt": {
        const { trigger } = parsed;
        // Only a pull request can belong to a session from elsewhere: issues skip the lookup.
        const queueKey = trigger.place.isPullRequest
          ? await queueKeyOf(conversationOfPlace(trigger.place))
          : undefined;
        const result = await intake(
          buildGithubRequest({ trigger, deliveryId, receivedAt: now(), catalog }),
          queueKey === undefined ? {} : { queueKey },
        );
        log.info(
          result.kind === "accepted" ? "bots.github.request_accepted" : "bots.github.request_duplicate",
          {
            delivery_id: deliveryId,
            turn_id: result.turnId,
            event,
            trigger: trigger.kind,
          },
        );
        return answer(response, 202, { [result.kind]: result.turnId });
      }
    }
  };
}
