import { errorMessage, type Logger } from "@baton/core";
import { z } from "zod";
import {
  type InteractionAck,
  type SocketModeAckPayload,
  socketModeAckPayload,
} from "./socket-mode-ack-payload.js";

/** The two ways into the Slack bot, the same ones `POST /slack/events` uses. */
export interface SocketModeHandlers {
  /** An Events API `event_callback` (the `payload` of an `events_api` envelope). */
  routeEvent(envelope: unknown, retryNum?: number): Promise<unknown>;
  /** Interactions, slash commands and option requests, answered like Bolt's `ack()`. */
  dispatchInteraction(payload: Record<string, unknown>): Promise<InteractionAck>;
}

type AckFn = (response?: SocketModeAckPayload) => Promise<void>;

/** The fields of the SDK's `slack_event` that Baton reads. */
const socketModeDeliverySchema = z.object({
  type: z.string(),
  envelope_id: z.string().optional(),
  body: z.unknown(),
  // Slack's `retry_attempt`: 0 on the first delivery of an event.
  retry_num: z.number().int().nonnegative().optional(),
  ack: z.custom<AckFn>((value) => typeof value === "function", "ack must be a function"),
});

/**
 * Hands one Socket Mode delivery to the bot and acknowledges it. Events API envelopes are acked
 * once routed (queued), as the HTTP endpoint answers only then; anything else is an interaction
 * whose ack body goes back in the ack's payload. An event that could not be queued (Redis down)
 * is left unacked, so that Slack delivers it again, as it does after a 5xx over HTTP; a failing
 * interaction is acked (Slack does not redeliver those) and logged. Never rejects.
 */
export async function routeSocketModeEnvelope(
  delivery: unknown,
  { routeEvent, dispatchInteraction }: SocketModeHandlers,
  log: Logger,
): Promise<void> {
  const parsed = socketModeDeliverySchema.safeParse(delivery);
  if (!parsed.success) {
    log.warn("bots.slack.socket_mode.delivery_invalid", {
      paths: parsed.error.issues.map((i) => i.path.join(".")),
    });
    return;
  }
  const { type, envelope_id, body, retry_num, ack } = parsed.data;
  const fields = { envelope_id, envelope_type: type };
  let response: SocketModeAckPayload;
  try {
    if (type === "events_api") {
      // Over HTTP a first delivery has no X-Slack-Retry-Num; keep the router's view the same.
      await routeEvent(body, retry_num === 0 ? undefined : retry_num);
    } else if (isRecord(body)) {
      response = socketModeAckPayload(await dispatchInteraction(body));
    } else {
      log.warn("bots.slack.socket_mode.payload_invalid", fields);
    }
  } catch (error) {
    log.error("bots.slack.socket_mode.handler_failed", { ...fields, error: errorMessage(error) });
    if (type === "events_api") return;
  }
  try {
    await ack(response);
  } catch (error) {
    // The connection went away; Slack redelivers what was not acked.
    log.warn("bots.slack.socket_mode.ack_failed", { ...fields, error: errorMessage(error) });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
