/** What an interaction's Bolt listener acknowledged with, as the HTTP path would answer it. */
export interface InteractionAck {
  status: number;
  /** A JSON document, plain text, or "" for an empty ack. */
  body: string;
  contentType: string;
}

/** The `payload` of a Socket Mode ack: an object, text (the SDK sends it as `{ text }`), or nothing. */
export type SocketModeAckPayload = Record<string, unknown> | string | undefined;

/**
 * Turns the HTTP-shaped ack of an interaction into the payload of a Socket Mode ack, so that
 * option lists (`block_suggestion`), view errors and slash command replies reach Slack the same
 * way over both transports. An error status has no body Slack would read, so it acks empty.
 *
 * @example
 * socketModeAckPayload({ status: 200, body: '{"options":[]}', contentType: "application/json" }); // { options: [] }
 */
export function socketModeAckPayload({ status, body, contentType }: InteractionAck): SocketModeAckPayload {
  if (status >= 300 || body === "") return undefined;
  if (!contentType.toLowerCase().includes("json")) return body;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : body;
  } catch {
    return body;
  }
}
