import { closeRedisConnection, type RedisKeys } from "@baton/core";
import type { Redis } from "ioredis";

export interface StopSignals {
  /** Calls `onStop` when a stop for this turn is published; returns the function that stops watching. */
  watch(conversationKey: string, turnId: string, onStop: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Listens, on one subscriber connection, for stops of the turns this process runs. It subscribes
 * once to the pattern of every conversation's stop channel rather than to each running turn's
 * channel: a SUBSCRIBE and UNSUBSCRIBE per turn were two round trips on every turn's path, while
 * stops are rare, so hearing (and dropping) the stops of turns that run elsewhere costs less.
 *
 * A stop published while the subscriber is away (a network blip, Redis restarting) is not heard:
 * once it is back, the `stopRequested` mark of each watched turn is read (on `redis`), as it is
 * when a turn starts.
 */
export function createStopSignals({
  subscriber,
  redis,
  keys,
}: {
  subscriber: Redis;
  /** A connection for commands, to read the turns' marks (a subscriber may only subscribe). */
  redis: Redis;
  keys: RedisKeys;
}): StopSignals {
  const watchers = new Map<string, Map<string, { conversationKey: string; onStop: () => void }>>();
  subscriber.on("pmessage", (_pattern: string, channel: string, turnId: string) => {
    watchers.get(channel)?.get(turnId)?.onStop();
  });
  // Every stop channel is `<prefix>:conv:{<key>}:stop`; the pattern is anchored on both ends.
  const pattern = keys.stopChannel("*");
  // Subscribed before the first turn is watched; a stop published before that finds the turn's
  // `stopRequested` mark, which the worker reads after watching.
  let subscribed: Promise<unknown> | undefined;
  // On every (re)connection; on the first no turn is watched yet. A failed read is left to the
  // next reconnection: the turn's own lock renewals are what notice a Redis that stays away.
  subscriber.on("ready", () => void readMissedStops().catch(() => undefined));

  /** After a reconnect: subscribed again (confirmed), then each watched turn's mark read. */
  async function readMissedStops(): Promise<void> {
    if (watchers.size === 0) return;
    await subscriber.psubscribe(pattern);
    for (const byTurn of [...watchers.values()])
      for (const [turnId, { conversationKey, onStop }] of [...byTurn]) {
        if ((await redis.hget(keys.turn(conversationKey, turnId), "stopRequested")) === "1") onStop();
      }
  }

  return {
    async watch(conversationKey, turnId, onStop) {
      subscribed ??= subscriber.psubscribe(pattern).catch((error: unknown) => {
        // Tried again by the next turn; ioredis subscribes again by itself after a reconnect.
        subscribed = undefined;
        throw error;
      });
      await subscribed;
      const channel = keys.stopChannel(conversationKey);
      let byTurn = watchers.get(channel);
      if (!byTurn) {
        byTurn = new Map();
        watchers.set(channel, byTurn);
      }
      byTurn.set(turnId, { conversationKey, onStop });
      return async () => {
        byTurn.delete(turnId);
        if (byTurn.size === 0 && watchers.get(channel) === byTurn) watchers.delete(channel);
      };
    },
    async close() {
      watchers.clear();
      await closeRedisConnection(subscriber);
    },
  };
}
