import type { RedisKeys } from "@baton/core";
import {
  FINISHED_TURN_STATUSES,
  type Turn,
  type TurnStatus,
  turnSchema,
  turnStatusSchema,
} from "@baton/core";
import type { Redis } from "ioredis";

export interface TurnRecord {
  turn: Turn;
  status: TurnStatus;
  stopRequested: boolean;
  attempts: number;
}

/** Reads a turn's record from Redis; null when it never existed or has expired. */
export async function readTurnRecord(
  redis: Redis,
  keys: RedisKeys,
  conversationKey: string,
  turnId: string,
): Promise<TurnRecord | null> {
  const fields = await redis.hgetall(keys.turn(conversationKey, turnId));
  if (!fields.data) return null;
  return {
    turn: turnSchema.parse(JSON.parse(fields.data)),
    status: turnStatusSchema.parse(fields.status ?? "queued"),
    stopRequested: fields.stopRequested === "1",
    attempts: Number(fields.attempts ?? 0),
  };
}

export function isFinished(status: TurnStatus): boolean {
  return FINISHED_TURN_STATUSES.has(status);
}
