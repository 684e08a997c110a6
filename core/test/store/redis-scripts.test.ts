import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defineRedisScripts, redisScript } from "../../src/store/redis-scripts.js";

// Sets the key unless it holds a value, and replies with the value that holds.
const SET_ONCE = redisScript<[key: string], [value: string], string>({
  numberOfKeys: 1,
  lua: "redis.call('SET', KEYS[1], ARGV[1], 'NX') return redis.call('GET', KEYS[1])",
});

describe("defineRedisScripts", () => {
  let testRedis: TestRedis;
  beforeEach(async () => {
    testRedis = await createTestRedis("redis-scripts");
  });
  afterEach(() => testRedis.cleanup());

  it("hands a script its keys, then its arguments, and returns its reply", async () => {
    const key = `${testRedis.prefix}:once`;
    const echo = redisScript<[a: string, b: string], [x: string, n: number], string[]>({
      numberOfKeys: 2,
      lua: "return { KEYS[1], KEYS[2], ARGV[1], ARGV[2] }",
    });
    const scripts = defineRedisScripts(testRedis.redis, { batonTestSetOnce: SET_ONCE, batonTestEcho: echo });
    expect(await scripts.batonTestEcho([`${key}:a`, `${key}:b`], ["x", 7])).toEqual([
      `${key}:a`,
      `${key}:b`,
      "x",
      "7",
    ]);
    expect(await scripts.batonTestSetOnce([key], ["first"])).toBe("first");
    expect(await scripts.batonTestSetOnce([key], ["second"])).toBe("first");
  });

  it("defines a script again harmlessly, and refuses another script under a name already taken", async () => {
    const key = `${testRedis.prefix}:again`;
    defineRedisScripts(testRedis.redis, { batonTestSetOnce: SET_ONCE });
    const again = defineRedisScripts(testRedis.redis, { batonTestSetOnce: SET_ONCE });
    expect(await again.batonTestSetOnce([key], ["v"])).toBe("v");
    const other = redisScript<[key: string], [], number>({ numberOfKeys: 1, lua: "return 1" });
    expect(() => defineRedisScripts(testRedis.redis, { batonTestSetOnce: other })).toThrow(
      /batonTestSetOnce.*defined twice/,
    );
  });
});
