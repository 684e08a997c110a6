import { createRedisKeys } from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStopSignals } from "../src/stop-signals.js";
import { waitFor } from "./fixtures/queue-harness.js";

describe("stop signals", () => {
  let redis: TestRedis;
  beforeEach(async () => {
    redis = await createTestRedis("stop-signals");
  });
  afterEach(() => redis.cleanup());

  it("hear a stop published while their subscriber was away, once it is back", async () => {
    const keys = createRedisKeys(redis.prefix);
    const subscriber = redis.connect();
    const signals = createStopSignals({ subscriber, redis: redis.redis, keys });
    const stopped: string[] = [];
    await signals.watch("slack:T1:C1:1.1", "t_running", () => stopped.push("t_running"));
    await signals.watch("slack:T1:C2:2.2", "t_other", () => stopped.push("t_other"));
    try {
      // The subscriber drops (ioredis reconnects by itself); meanwhile a person stops one turn:
      // its mark is written and the message published to nobody.
      const closed = new Promise((resolve) => subscriber.once("close", resolve));
      subscriber.disconnect(true);
      await closed;
      await redis.redis.hset(keys.turn("slack:T1:C1:1.1", "t_running"), "stopRequested", "1");
      await redis.redis.publish(keys.stopChannel("slack:T1:C1:1.1"), "t_running");

      await waitFor(() => (stopped.length > 0 ? true : undefined), 5_000, "the missed stop");
      expect(stopped).toEqual(["t_running"]);
    } finally {
      await signals.close();
    }
  });
});
