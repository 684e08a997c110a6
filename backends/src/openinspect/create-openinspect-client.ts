import type { Actor, Platform } from "@baton/core";
import type { z } from "zod";
import {
  type ControlPlaneCallOptions,
  type ControlPlaneTransport,
  callControlPlane,
} from "./call-control-plane.js";
import type { OpenInspectSecrets } from "./openinspect-identities.js";
import {
  artifactListSchema,
  createdSessionSchema,
  environmentListSchema,
  errorBodySchema,
  eventPageSchema,
  messagePageSchema,
  queuedPromptSchema,
  repositoryListSchema,
  wsTokenSchema,
} from "./openinspect-schemas.js";

/** One control-plane call may take this long before it counts as lost. */
export const OPENINSPECT_REQUEST_TIMEOUT_MS = 30_000;

export type ActorRef = Pick<Actor, "platform" | "id" | "accountId">;

export interface OpenInspectClientOptions {
  /** The control plane's base URL (`OPENINSPECT_URL`). */
  baseUrl: string;
  secrets: OpenInspectSecrets;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export interface CreateSessionBody {
  repoOwner?: string;
  repoName?: string;
  branch?: string;
  environmentId?: string;
  repositories?: Array<{ repoOwner: string; repoName: string; baseBranch?: string }>;
  title?: string;
  model?: string;
  actorDisplayName?: string;
  actorEmail?: string;
}

export interface PromptBody {
  content: string;
  source: string;
  model?: string;
}

/**
 * The control plane's HTTP API, every request sig1-signed with the identity of its actor's
 * platform. Calls return `{ ok }` results and never throw for an HTTP or network failure.
 */
export function createOpenInspectClient({
  baseUrl,
  secrets,
  fetch = globalThis.fetch,
  timeoutMs = OPENINSPECT_REQUEST_TIMEOUT_MS,
}: OpenInspectClientOptions) {
  const base = baseUrl.replace(/\/+$/, "");

  const transport: ControlPlaneTransport = { base, secrets, fetch, timeoutMs };
  const call = <S extends z.ZodType>(options: ControlPlaneCallOptions<S>) =>
    callControlPlane(transport, options);

  const session = (id: string, rest = "") => `/sessions/${encodeURIComponent(id)}${rest}`;

  return {
    baseUrl: base,
    createSession: (body: CreateSessionBody, actor: ActorRef, signal?: AbortSignal) =>
      call({ method: "POST", path: "/sessions", body, actor, schema: createdSessionSchema, signal }),
    sendPrompt: (sessionId: string, body: PromptBody, actor: ActorRef, signal?: AbortSignal) =>
      call({
        method: "POST",
        path: session(sessionId, "/prompt"),
        body,
        actor,
        schema: queuedPromptSchema,
        signal,
      }),
    stopSession: (sessionId: string, actor: ActorRef) =>
      call({ method: "POST", path: session(sessionId, "/stop"), body: {}, actor, schema: errorBodySchema }),
    listEvents: (
      sessionId: string,
      query: { messageId: string; cursor?: string; limit?: number },
      actor: ActorRef,
      signal?: AbortSignal,
    ) =>
      call({
        method: "GET",
        path: session(sessionId, "/events"),
        query: { message_id: query.messageId, cursor: query.cursor, limit: query.limit?.toString() },
        actor,
        schema: eventPageSchema,
        signal,
      }),
    listMessages: (
      sessionId: string,
      actor: ActorRef,
      signal?: AbortSignal,
      query: { status?: "pending" | "processing" | "completed" | "failed" } = {},
    ) =>
      call({
        method: "GET",
        path: session(sessionId, "/messages"),
        query: { status: query.status },
        actor,
        schema: messagePageSchema,
        signal,
      }),
    listArtifacts: (sessionId: string, actor: ActorRef, signal?: AbortSignal) =>
      call({
        method: "GET",
        path: session(sessionId, "/artifacts"),
        actor,
        schema: artifactListSchema,
        signal,
      }),
    createWsToken: (sessionId: string, actor: ActorRef, signal?: AbortSignal) =>
      call({
        method: "POST",
        path: session(sessionId, "/ws-token"),
        body: {},
        actor,
        schema: wsTokenSchema,
        signal,
      }),
    listRepositories: (signAs?: Platform) =>
      call({ method: "GET", path: "/repos", signAs, schema: repositoryListSchema }),
    listEnvironments: (signAs?: Platform) =>
      call({ method: "GET", path: "/environments", signAs, schema: environmentListSchema }),
  };
}

export type OpenInspectClient = ReturnType<typeof createOpenInspectClient>;
