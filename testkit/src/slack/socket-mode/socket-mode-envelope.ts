import { randomUUID } from "node:crypto";

/** The envelope types Slack pushes over a Socket Mode connection that carry work for the app. */
export type SocketModeEnvelopeType = "events_api" | "interactive" | "slash_commands";

/** One envelope exactly as Slack writes it on the socket. */
export interface SocketModeEnvelope {
  envelope_id: string;
  type: SocketModeEnvelopeType;
  /** An Events API `event_callback`, an interaction payload, or a slash command's fields. */
  payload: object;
  /** Whether Slack reads a `payload` in the ack (slash commands, options, view submissions). */
  accepts_response_payload: boolean;
  /** Events API only: 0 for the first delivery, then 1, 2, 3. */
  retry_attempt?: number;
  /** Events API only: why Slack retried (`timeout`, …), or "" for the first delivery. */
  retry_reason?: string;
}

export type SocketModeEnvelopeInput = Pick<SocketModeEnvelope, "type" | "payload"> &
  Partial<Omit<SocketModeEnvelope, "type" | "payload">>;

/** What the app sends back on the socket to acknowledge an envelope. */
export interface SocketModeAck {
  envelope_id: string;
  payload?: unknown;
}

/** Interaction payload types whose ack body Slack uses: option lists and view validation errors. */
const INTERACTIONS_WITH_RESPONSE = new Set(["block_suggestion", "view_submission"]);

/**
 * Fills in what Slack would: a fresh `envelope_id`, `accepts_response_payload` for the type, and
 * the retry fields of Events API envelopes.
 *
 * @example
 * buildSocketModeEnvelope({ type: "events_api", payload: buildEventEnvelope(buildAppMentionEvent({ text: "hi" })) });
 */
export function buildSocketModeEnvelope(input: SocketModeEnvelopeInput): SocketModeEnvelope {
  const { type, payload } = input;
  const interactionType = (payload as { type?: unknown }).type;
  const acceptsResponse =
    type === "slash_commands" ||
    (type === "interactive" &&
      typeof interactionType === "string" &&
      INTERACTIONS_WITH_RESPONSE.has(interactionType));
  const envelope: SocketModeEnvelope = {
    envelope_id: input.envelope_id ?? randomUUID(),
    type,
    payload,
    accepts_response_payload: input.accepts_response_payload ?? acceptsResponse,
  };
  if (type === "events_api" || input.retry_attempt !== undefined) {
    envelope.retry_attempt = input.retry_attempt ?? 0;
    envelope.retry_reason = input.retry_reason ?? "";
  }
  return envelope;
}
