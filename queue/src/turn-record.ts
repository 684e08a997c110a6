import type { RedisKeys, RequestRefusal } from "@baton/core";
import {
  FINISHED_TURN_STATUSES,
  type Turn,
  type TurnStatus,
  turnSchema,
  turnStatusSchema,
} from "@baton/core";
import type { Redis } from "ioredis";
import { z } from "zod";

export interface TurnRecord {
  turn: Turn;
  status: TurnStatus;
  stopRequested: boolean;
  attempts: number;
  /** Set when intake turned the turn away instead of queueing it. */
  refusal: { reason: RequestRefusal; retryAfterMs: number } | null;
}

const refusalSchema = z.enum([
  "conversation_full",
  "user_rate_limited",
  "workspace_rate_limited",
  "may_not_steer",
]);

/**
 * What a turn's key holds. `unreadable` is a record this version cannot parse (a bot's bug, an
 * older or newer Baton): `replyTo` is a stand-in turn, with the text left out, when enough of it
 * is readable to tell the person; otherwise null.
 */
export type TurnRead =
  | { kind: "found"; record: TurnRecord }
  | { kind: "missing" }
  | { kind: "unreadable"; replyTo: Turn | null };

export async function readTurn(
  redis: Redis,
  keys: RedisKeys,
  conversationKey: string,
  turnId: string,
): Promise<TurnRead> {
  return parseTurnFields(await redis.hgetall(keys.turn(conversationKey, turnId)));
}

/** A turn's hash as `readTurn` reads it, from its fields (as HGETALL, or a script, returned them). */
export function parseTurnFields(fields: Record<string, string>): TurnRead {
  if (!fields.data) return { kind: "missing" };
  const data = parseJsonOrNull(fields.data);
  const turn = turnSchema.safeParse(data);
  const status = turnStatusSchema.safeParse(fields.status ?? "queued");
  if (!turn.success || !status.success) return { kind: "unreadable", replyTo: standInTurn(data) };
  return {
    kind: "found",
    record: {
      turn: turn.data,
      status: status.data,
      stopRequested: fields.stopRequested === "1",
      attempts: Number(fields.attempts ?? 0),
      refusal: readRefusal(fields),
    },
  };
}

/** Reads a turn's record; null when it never existed or has expired; throws when unreadable. */
export async function readTurnRecord(
  redis: Redis,
  keys: RedisKeys,
  conversationKey: string,
  turnId: string,
): Promise<TurnRecord | null> {
  const read = await readTurn(redis, keys, conversationKey, turnId);
  if (read.kind === "unreadable") throw new Error(`turn ${turnId} is stored in a form Baton cannot read`);
  return read.kind === "found" ? read.record : null;
}

/** Field-value pairs, as a Lua script returns a hash's HGETALL, as an object. */
export function fieldsOf(pairs: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) fields[pairs[i] as string] = pairs[i + 1] as string;
  return fields;
}

export function isFinished(status: TurnStatus): boolean {
  return FINISHED_TURN_STATUSES.has(status);
}

/** JSON from a stored record, or null when it is not JSON. */
export function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The turn without the parts that may be what broke it, if where to reply is still readable. */
function standInTurn(data: unknown): Turn | null {
  if (typeof data !== "object" || data === null) return null;
  const { request, ...rest } = data as { request?: Record<string, unknown> };
  if (typeof request !== "object" || request === null) return null;
  const parsed = turnSchema.safeParse({
    ...rest,
    request: {
      ...request,
      text: "",
      attachments: [],
      hints: {},
      context: sanitizeContext(request.context),
    },
  });
  return parsed.success ? parsed.data : null;
}

function sanitizeContext(context: unknown): Record<string, string> {
  if (typeof context !== "object" || context === null) return {};
  return Object.fromEntries(Object.entries(context).filter(([, value]) => typeof value === "string"));
}

function readRefusal(fields: Record<string, string>): TurnRecord["refusal"] {
  const reason = refusalSchema.safeParse(fields.refused);
  return reason.success ? { reason: reason.data, retryAfterMs: Number(fields.retryAfterMs ?? 0) } : null;
}
