import type { Redis } from "ioredis";

/** What a Lua script is handed besides its keys. */
export type ScriptArgument = string | number;

/**
 * A Lua script and the types of its call: the keys it touches (a tuple, so that its length is
 * the script's `numberOfKeys`), its other arguments, and its reply. The types exist only for the
 * compiler; at run time a script is its text and its key count.
 */
export interface RedisScript<
  Keys extends readonly string[] = readonly string[],
  Args extends readonly ScriptArgument[] = readonly ScriptArgument[],
  Reply = unknown,
> {
  readonly numberOfKeys: Keys["length"];
  readonly lua: string;
  /** Never set: carries the call's types for `defineRedisScripts`. */
  readonly types?: { readonly keys: Keys; readonly args: Args; readonly reply: Reply };
}

/**
 * Declares a script. In a Redis Cluster a script may touch keys of one hash tag only: every key it
 * is handed must share one.
 *
 * @example
 * const renewLock = redisScript<[lock: string], [token: string, lockMs: number], number>({
 *   numberOfKeys: 1,
 *   lua: "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0",
 * });
 */
export function redisScript<Keys extends readonly string[], Args extends readonly ScriptArgument[], Reply>(
  script: Pick<RedisScript<Keys, Args, Reply>, "numberOfKeys" | "lua">,
): RedisScript<Keys, Args, Reply> {
  return script;
}

/** The calls of a map of scripts: each one command (EVALSHA, falling back to EVAL) on the connection. */
export type RedisScriptCalls<Scripts extends Record<string, RedisScript>> = {
  readonly [Name in keyof Scripts]: Scripts[Name] extends RedisScript<infer Keys, infer Args, infer Reply>
    ? (keys: Keys, args: Args) => Promise<Reply>
    : never;
};

type ScriptCommand = (...keysAndArgs: ScriptArgument[]) => Promise<unknown>;

// What each connection was given under each name, so that two modules never define one name twice
// with different scripts (ioredis would silently keep the last).
const definedScripts = new WeakMap<Redis, Map<string, string>>();

/**
 * Defines `scripts` on `redis` (ioredis' `defineCommand`, as BullMQ loads its own) and returns
 * their typed calls. Each call sends the script's hash, and its text only when Redis has not seen it
 * yet. Defining the same script again on a connection is harmless; another script under a name
 * already taken throws.
 *
 * @example
 * const scripts = defineRedisScripts(redis, { batonGateRenew: renewLock });
 * const renewed = (await scripts.batonGateRenew([lockKey], [token, 30_000])) === 1;
 */
export function defineRedisScripts<Scripts extends Record<string, RedisScript>>(
  redis: Redis,
  scripts: Scripts,
): RedisScriptCalls<Scripts> {
  const defined = definedScripts.get(redis) ?? new Map<string, string>();
  definedScripts.set(redis, defined);
  // ioredis adds a method per defined command at run time, which its types cannot know: this is the
  // one place that reaches for them.
  const commands = redis as unknown as Record<string, ScriptCommand>;
  const calls: Record<
    string,
    (keys: readonly string[], args: readonly ScriptArgument[]) => Promise<unknown>
  > = {};
  for (const [name, { numberOfKeys, lua }] of Object.entries(scripts)) {
    const previous = defined.get(name);
    if (previous !== undefined && previous !== lua) {
      throw new Error(
        `Redis script "${name}" is defined twice with different scripts; give one another name`,
      );
    }
    if (previous === undefined) {
      redis.defineCommand(name, { numberOfKeys, lua });
      defined.set(name, lua);
    }
    calls[name] = (keys, args) => commands[name]!(...keys, ...args);
  }
  return calls as RedisScriptCalls<Scripts>;
}
