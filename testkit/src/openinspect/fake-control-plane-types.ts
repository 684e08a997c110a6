/** An event as `/events` serves it; the WebSocket sends the same one flattened. */
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
  messages: FakeRemoteMessage[];
  events: FakeRemoteEvent[];
  artifacts: FakeRemoteArtifact[];
  /** How often `POST /sessions/:id/stop` was called. */
  stops: number;
}

/**
 * One step of the agent's scripted work on a prompt: an event, an artifact (with its `artifact`
 * event), a wait until the session is stopped (the prompt then ends as failed, "Stopped"), or a
 * wait until the test calls `release(sessionId)`.
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
