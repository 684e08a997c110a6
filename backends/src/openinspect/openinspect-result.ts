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

export function failureKindForStatus(status: number): OpenInspectFailureKind {
  if (status === 401) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "queue_full";
  if (status >= 500) return "server";
  return "rejected";
}
