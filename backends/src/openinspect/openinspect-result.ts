/** Why a control-plane call did not give what was asked; the backend decides what each means for a turn. */
export type OpenInspectFailureKind =
  /** 401: the signature or the identity was refused (wrong secret, actor of another platform). */
  | "unauthorized"
  /** 403 and other 4xx: the request itself was refused. */
  | "rejected"
  | "not_found"
  /** 409: the session is archived or cancelled. */
  | "conflict"
  /** 429: the session's prompt queue is full. */
  | "queue_full"
  /** 5xx: the control plane failed; trying again may work. */
  | "server"
  /** 500 "Service authentication not configured": the control plane holds no secret for the identity. */
  | "identity_not_configured"
  /** 501: the route is not available on this deployment (a GitLab one answers so on every bot route). */
  | "not_implemented"
  /** No answer: refused connection, reset, timeout. The request may or may not have arrived. */
  | "network"
  /** An answer Baton cannot read. */
  | "invalid_response"
  /** Baton has no secret for the actor's platform. */
  | "no_identity";

export type OpenInspectResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: OpenInspectFailureKind; status?: number; message: string; retryAfterMs?: number };

export type OpenInspectFailure = Extract<OpenInspectResult<unknown>, { ok: false }>;

/** The control plane's answer when it holds no `SERVICE_AUTH_SECRET_<NAME>` for the caller's identity. */
const IDENTITY_NOT_CONFIGURED_ERROR = "Service authentication not configured";

export function failureKindForStatus(status: number, error?: string): OpenInspectFailureKind {
  if (status === 500 && error === IDENTITY_NOT_CONFIGURED_ERROR) return "identity_not_configured";
  if (status === 501) return "not_implemented";
  if (status === 401) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "queue_full";
  if (status >= 500) return "server";
  return "rejected";
}
