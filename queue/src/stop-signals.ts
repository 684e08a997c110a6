import type { RedisKeys } from "@baton/core";
import type { Redis } from "ioredis";

export interface StopSignals {
  /** Calls `onStop` when a stop for this turn is published; returns the function that stops watching. */
  watch(conversationKey: string, turnId: string, onStop: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Listens, on one subscriber connection, for stops of the turns this process runs. */
export function createStopSignals({ subscriber, keys }: { subscriber: Redis; keys: RedisKeys }): StopSignals {
  const watchers = new Map<string, Map<string, () => void>>();
  subscriber.on("message", (channel: string, turnId: string) => {
    watchers.get(channel)?.get(turnId)?.();
  });
  return {
    async watch(conversationKey, turnId, onStop) {
      const channel = keys.stopChannel(conversationKey);
      let byTurn = watchers.get(channel);
      if (!byTurn) {
        byTurn = new Map();
        watchers.set(channel, byTurn);
        await subscriber.subscribe(channel);
      }
      byTurn.set(turnId, onStop);
      return async () => {
        byTurn.delete(turnId);
        if (byTurn.size === 0 && watchers.get(channel) === byTurn) {
          watchers.delete(channel);
          await subscriber.unsubscribe(channel);
        }
      };
    },
    async close() {
      watchers.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
