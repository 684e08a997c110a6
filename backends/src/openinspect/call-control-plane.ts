import { errorMessage, type Platform } from "@baton/core";
import type { z } from "zod";
import type { ActorRef } from "./create-openinspect-client.js";
import { chooseServiceIdentity, type OpenInspectSecrets } from "./openinspect-identities.js";
import { failureKindForStatus, type OpenInspectResult } from "./openinspect-result.js";
import { errorBodySchema } from "./openinspect-schemas.js";
import { signSig1Request } from "./sign-sig1-request.js";

/** Where and how the client's calls go. */
export interface ControlPlaneTransport {
  /** The control plane's base URL, without a trailing slash. */
  base: string;
  secrets: OpenInspectSecrets;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
}

export interface ControlPlaneCallOptions<S extends z.ZodType> {
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
 * One call to the control plane, sig1-signed as the identity of its actor's platform, its answer
 * read with `schema`. An HTTP or network failure is a `{ ok: false }` result; only the caller's
 * own abort throws.
 */
export async function callControlPlane<S extends z.ZodType>(
  { base, secrets, fetch, timeoutMs }: ControlPlaneTransport,
  options: ControlPlaneCallOptions<S>,
): Promise<OpenInspectResult<z.infer<S>>> {
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
