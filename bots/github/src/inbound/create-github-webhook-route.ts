import type { IncomingMessage } from "node:http";
import {
  type Catalog,
  createWebhookRoute,
  errorMessage,
  type HttpRoute,
  type Logger,
  type QueueKeyResolver,
  type RequestIntake,
  type WebhookVerdict,
  webhookText,
} from "@baton/core";
import type { InstallationChange } from "../catalog/create-github-catalog-discovery.js";
import { INSTALLATION_EVENTS, parseInstallationEvent } from "../catalog/parse-installation-event.js";
import type { AnswerGithubMappingOffer } from "../learning/answer-github-mapping-offer.js";
import { GITHUB_WEBHOOK_PATH } from "../manifest/build-github-manifest.js";
import { buildGithubRequest } from "./build-github-request.js";
import type { RunGithubControl } from "./create-github-controls.js";
import { conversationOfPlace } from "./github-trigger.js";
import { parseGithubEvent } from "./parse-github-event.js";

/** GitHub caps webhook payloads at 25 MB; the events Baton reads are far smaller. */
export const GITHUB_WEBHOOK_MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface GithubWebhookRouteOptions {
  /** Probot's verifier (`@octokit/webhooks`), constant-time, keyed by the webhook secret. */
  verify(rawBody: string, signature: string): Promise<boolean>;
  mention: string;
  catalog: Catalog;
  intake: RequestIntake;
  /** A pull request that a session made queues with that session's conversation. */
  queueKeyOf: QueueKeyResolver;
  runControl: RunGithubControl;
  /** `@baton always <target>` accepts the repository's learned habit; without it (learning off) it is a request. */
  answerMappingOffer?: AnswerGithubMappingOffer;
  /** What the App can reach changed (`installation`, `installation_repositories`): the catalog follows. */
  onInstallationChange?: (change: InstallationChange) => Promise<void>;
  /**
   * Runs what an event asks once it is answered (a control word, an answer to a mapping offer),
   * where shutdown waits for it: GitHub does not deliver an answered event again. At once, untracked, without.
   */
  afterAnswer?: (what: string, work: () => Promise<void>) => void;
  logger: Logger;
  now?: () => Date;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

const VERIFIED = { ok: true } as const;

/**
 * `POST /api/github/webhooks`. Between arrival and the answer there is only: read, verify
 * `X-Hub-Signature-256` with Probot's verifier, parse, and intake (dedupe by `X-GitHub-Delivery`,
 * persist, enqueue). The 2xx leaves once the request is safe in Redis; anything that talks to
 * GitHub happens in the worker.
 */
export function createGithubWebhookRoute(options: GithubWebhookRouteOptions): HttpRoute {
  const { mention, catalog, intake, queueKeyOf, runControl, logger } = options;
  const now = options.now ?? (() => new Date());
  const log = logger.child({ component: "bots.github" });
  const afterAnswer = options.afterAnswer ?? ((_what: string, work: () => Promise<void>) => void work());

  async function verify(rawBody: string, request: IncomingMessage): Promise<WebhookVerdict<unknown>> {
    const signature = header(request, "x-hub-signature-256");
    if (!signature) return { ok: false, status: 401, reason: "missing_signature" };
    if (!rawBody || !(await options.verify(rawBody, signature)))
      return { ok: false, status: 401, reason: "bad_signature" };
    // A signed delivery still needs the headers that say what it is before its body is read.
    if (!header(request, "x-github-event") || !header(request, "x-github-delivery"))
      return { ok: false, status: 400, reason: "missing_event_headers" };
    return VERIFIED;
  }

  return createWebhookRoute({
    path: GITHUB_WEBHOOK_PATH,
    component: "bots.github",
    logger,
    maxBodyBytes: GITHUB_WEBHOOK_MAX_BODY_BYTES,
    deliveryIdOf: (request) => header(request, "x-github-delivery"),
    decode: webhookText,
    verify,
    async receive(json, request, response, replies) {
      const event = header(request, "x-github-event") as string;
      const deliveryId = header(request, "x-github-delivery") as string;
      if (event === "ping") return replies.json(response, 200, { ok: true });
      if (INSTALLATION_EVENTS.has(event) && options.onInstallationChange) {
        const change = parseInstallationEvent(event, json);
        if (change === null) return replies.json(response, 200, { ignored: "installation_action" });
        if (change.kind === "invalid")
          return replies.refuse(response, {
            status: 400,
            reason: change.reason,
            fields: { delivery_id: deliveryId },
          });
        // A few Redis writes (the named repositories route at once); the listing follows in the background.
        await options.onInstallationChange(change);
        log.info("bots.github.installation_changed", {
          delivery_id: deliveryId,
          change: change.kind,
          installation_id: change.installationId,
        });
        return replies.json(response, 202, { catalog: change.kind });
      }
      const read = parseGithubEvent(event, json, mention);
      const parsed =
        read.kind === "always" && !options.answerMappingOffer
          ? ({ kind: "prompt", trigger: read.trigger } as const)
          : read;
      switch (parsed.kind) {
        case "invalid":
          return replies.refuse(response, {
            status: 400,
            reason: parsed.reason,
            fields: { delivery_id: deliveryId },
          });
        case "ignored":
          log.debug("bots.github.event_ignored", { delivery_id: deliveryId, event, reason: parsed.reason });
          return replies.json(response, 200, { ignored: parsed.reason });
        case "control":
          // Answered first: the control asks GitHub for the person's permission before it acts.
          replies.json(response, 202, { control: parsed.word });
          afterAnswer("github.control", () =>
            runControl(parsed.word, parsed.trigger).catch((error: unknown) =>
              log.error("bots.github.control_failed", {
                delivery_id: deliveryId,
                word: parsed.word,
                error: errorMessage(error),
              }),
            ),
          );
          return;
        case "always": {
          // Like a control word: answered first, then the person's permission is asked of GitHub.
          replies.json(response, 202, { answer: "mapping_offer" });
          const answer = options.answerMappingOffer;
          if (answer)
            afterAnswer("github.mapping_offer", () =>
              answer(parsed.targetRef, parsed.trigger).catch((error: unknown) =>
                log.error("bots.github.mapping_offer_failed", {
                  delivery_id: deliveryId,
                  error: errorMessage(error),
                }),
              ),
            );
          return;
        }
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
            { delivery_id: deliveryId, turn_id: result.turnId, event, trigger: trigger.kind },
          );
          return replies.json(response, 202, { [result.kind]: result.turnId });
        }
      }
    },
  });
}
