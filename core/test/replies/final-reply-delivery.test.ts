import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/contracts/logger.js";
import type { Replier } from "../../src/contracts/replier.js";
import type { UserFacingError } from "../../src/errors.js";
import { createFinalReplyClaims, type FinalReply } from "../../src/replies/final-reply-claims.js";
import { guardFinalReply } from "../../src/replies/guard-final-replies.js";
import { createRedisKeys } from "../../src/store/redis-keys.js";
import { REPLY_FIELDS } from "../../src/store/reply-ledger.js";

const BROKE: UserFacingError = { code: "internal", message: "it broke" };
const TOO_SLOW: UserFacingError = { code: "turn_timed_out", message: "too slow" };
const FAILED: FinalReply = { kind: "failed", error: BROKE };
const TIMED_OUT: FinalReply = { kind: "failed", error: TOO_SLOW };

describe("a turn's final reply: its claim, lease and delivery", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("final-reply");
  });
  afterEach(() => testRedis.cleanup());
  const keys = () => createRedisKeys(testRedis.prefix);
  /** Each call is another process on the same Redis. */
  const claims = () => createFinalReplyClaims({ redis: testRedis.redis, keys: keys() });

  it("the first claim holds; one process at a time may post it; a delivered reply is not posted again", async () => {
    const first = await claims().claimAndLease("t_1", FAILED, 60_000);
    expect(first.reply).toEqual(FAILED);
    expect(typeof first.lease).toBe("function");

    // Another process, while the first posts: it learns what holds, and that it may not post now.
    const second = await claims().claimAndLease("t_1", TIMED_OUT, 60_000);
    expect(second).toEqual({ reply: FAILED, lease: "held_elsewhere" });

    if (typeof first.lease !== "function") throw new Error("no lease");
    await first.lease({ delivered: true });
    expect(await claims().isDelivered("t_1")).toBe(true);
    expect(await claims().claimAndLease("t_1", TIMED_OUT, 60_000)).toEqual({
      reply: FAILED,
      lease: "delivered",
    });
    expect(await testRedis.redis.hget(keys().reply("t_1"), REPLY_FIELDS.finalLease)).toBeNull();
  });

  it("a lease let go without delivering, or left to lapse by a holder that died, can be taken", async () => {
    const first = await claims().claimAndLease("t_2", FAILED, 60_000);
    if (typeof first.lease !== "function") throw new Error("no lease");
    await first.lease();
    expect(await claims().isDelivered("t_2")).toBe(false);
    const second = await claims().claimAndLease("t_2", TIMED_OUT, 50);
    expect(typeof second.lease).toBe("function");
    // Its holder dies: once the lease lapses, another process takes over.
    await new Promise((resolve) => setTimeout(resolve, 120));
    const third = await claims().claimAndLease("t_2", TIMED_OUT, 60_000);
    expect(third.reply).toEqual(FAILED);
    expect(typeof third.lease).toBe("function");
    // The dead holder's late release does not free the new holder's lease.
    if (typeof second.lease !== "function") throw new Error("no lease");
    await second.lease();
    expect((await claims().claimAndLease("t_2", TIMED_OUT, 60_000)).lease).toBe("held_elsewhere");
  });

  it("the guard posts the claimed reply once, and leaves the lease for a retry when posting fails", async () => {
    const posted: string[] = [];
    let failNext = true;
    const replier = {
      async failed(_turn, error) {
        if (failNext) {
          failNext = false;
          throw new Error("Slack is down");
        }
        posted.push(error.message);
      },
    } as Replier;
    const guarded = guardFinalReply(replier, { claims: claims(), logger: silentLogger });
    const turn = { id: "t_3" } as Parameters<Replier["failed"]>[0];
    await expect(guarded.failed(turn, BROKE)).rejects.toThrow("Slack is down");
    expect(await claims().isDelivered("t_3")).toBe(false);
    // The retry (or the watchdog) delivers what was claimed first, not its own reply.
    await guarded.failed(turn, TOO_SLOW);
    await guarded.failed(turn, TOO_SLOW);
    expect(posted).toEqual(["it broke"]);
    expect(await claims().isDelivered("t_3")).toBe(true);
  });
});
