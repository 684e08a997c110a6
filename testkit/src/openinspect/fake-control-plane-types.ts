/**
 * An event as `/events` serves it; the WebSocket sends the same one flattened. A prompt's `token`
 * event (id `token:<messageId>`) and each `tool_call` (id `tool_call:<callId>`) are one event each,
 * rewritten as they grow, as the control plane stores them.
 */
export interface FakeRemoteEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  messageId: string | null;
  createdAt: string;
}

export type FakeMessageStatus = "pending" | "processing" | "completed" | "failed";

export interface FakeRemoteMessage {
  id: string;
  content: string;
  source: string;
  model?: string;
  /** The `X-OpenInspect-Actor` the prompt was sent as. */
  author: string;
  status: FakeMessageStatus;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
}

export interface FakeRemoteArtifact {
  id: string;
  type: "pr" | "screenshot" | "video" | "preview" | "branch";
  url: string;
  metadata: Record<string, unknown>;
  createdAt: string;
}

export interface FakeRemoteSession {
  id: string;
  /** The `POST /sessions` body as received. */
  body: Record<string, unknown>;
  /** The actor who created it. */
  actor: string;
  service: string;
  status: "active" | "archived" | "cancelled";
  /** The model it runs with: the one asked for when the control plane knows it, else its default. */
  model: string;
  /** Why the last sandbox could not start (`spawnError` in `subscribed`), if it could not. */
  spawnError: string | null;
  messages: FakeRemoteMessage[];
  events: FakeRemoteEvent[];
  artifacts: FakeRemoteArtifact[];
  /** How often `POST /sessions/:id/stop` was called. */
  stops: number;
}

/**
 * One step of the agent's scripted work on a prompt: an event, an artifact (with its `artifact`
 * event), a wait until the session is stopped (the prompt then ends as failed, "Stopped"), or a
 * wait until the test calls `release(sessionId)`. An `error` event does not end the prompt; only
 * `execution_complete` does (one follows the script when it has none: failed after an error). A
 * screenshot's or video's `url` is replaced by the storage key the control plane keeps.
 */
export type FakeAgentStep =
  | { event: string; data?: Record<string, unknown> }
  | { artifact: Omit<FakeRemoteArtifact, "id" | "createdAt"> }
  | { waitForStop: true }
  | { waitForRelease: true };

/** What the fake agent does with a prompt. The default: a tool call, two tokens and success. */
export type FakeAgentScript = (prompt: FakeRemoteMessage, session: FakeRemoteSession) => FakeAgentStep[];

/**
 * A failure the fake answers a route with instead of the real result:
 * - `http`: that status and body (e.g. 503, or 429 `PROMPT_QUEUE_FULL` with `retryAfterSeconds`);
 * - `drop`: the connection is cut with no answer, after the request took effect (`after: true`)
 *   or before it did.
 */
export type FakeControlPlaneFailure =
  | { kind: "http"; status: number; body?: Record<string, unknown>; retryAfterSeconds?: number }
  | { kind: "drop"; after: boolean };

/** The routes a failure can be scripted on. */
export type FakeControlPlaneRoute =
  | "createSession"
  | "prompt"
  | "stop"
  | "events"
  | "messages"
  | "artifacts"
  | "wsToken"
  | "repos"
  | "environments";

export interface FakeControlPlaneCall {
  method: string;
  path: string;
  route: FakeControlPlaneRoute | "unknown";
  service: string | undefined;
  actor: string | undefined;
  body: unknown;
  status: number;
}
