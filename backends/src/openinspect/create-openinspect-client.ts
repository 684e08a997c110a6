import { type Actor, errorMessage, type Platform } from "@baton/core";
import type { z } from "zod";
import { chooseServiceIdentity, type OpenInspectSecrets } from "./openinspect-identities.js";
import { failureKindForStatus, type OpenInspectResult } from "./openinspect-result.js";
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
import { signSig1Request } from "./sign-sig1-request.js";

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

interface CallOptions<S extends z.ZodType> {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  actor?: ActorRef;
  /** Without an actor: the platform whose identity signs (else the first configured). */
  signAs?: Platform;
  schema: S;
  signal?: AbortSignal;
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

  async function call<S extends z.ZodType>(options: CallOptions<S>): Promise<OpenInspectResult<z.infer<S>>> {
    const identity = chooseServiceIdentity(secrets, options.actor, options.signAs);
    if (!identity) {
      const platform = options.actor?.platform ?? options.signAs ?? "any platform";
      return { ok: false, kind: "no_identity", message: `no Open-Inspect secret for ${platform}` };
    }
    const url = new URL(`${base}${options.path}`);
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, value);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const { header } = signSig1Request({ ...identity, method: options.method, url: url.toString(), body });
    const headers: Record<string, string> = {
      "x-openinspect-service": identity.service,
      "x-openinspect-service-signature": header,
    };
    if (identity.actor) headers["x-openinspect-actor"] = identity.actor;
    if (body !== undefined) headers["content-type"] = "application/json";
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method,
        headers,
        body,
        signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return { ok: false, kind: "network", message: errorMessage(error) };
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(safeJson(text));
      const detail = parsed.success ? (parsed.data.code ?? parsed.data.error) : undefined;
      return {
        ok: false,
        kind: failureKindForStatus(response.status, parsed.success ? parsed.data.error : undefined),
        status: response.status,
        message: `${options.method} ${options.path}: ${response.status}${detail ? ` ${detail}` : ""}`,
        retryAfterMs: readRetryAfterMs(response.headers.get("retry-after")),
      };
    }
    const parsed = options.schema.safeParse(safeJson(text));
    if (!parsed.success)
      return {
        ok: false,
        kind: "invalid_response",
        status: response.status,
        message: `${options.method} ${options.path}: unreadable answer`,
      };
    return { ok: true, value: parsed.data };
  }

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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `Retry-After` in seconds, as a delay; dates and nonsense are ignored. */
function readRetryAfterMs(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim()) * 1000;
}
