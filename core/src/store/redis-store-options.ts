import type { Redis } from "ioredis";
import type { Retention } from "../retention/retention.js";
import type { RedisKeys } from "./redis-keys.js";

/** What a Redis-backed store is given: the connection, the key layout, and how long to keep records. */
export interface RedisStoreOptions {
  redis: Redis;
  keys: RedisKeys;
  /** BATON_RETENTION's lifetimes; Baton's defaults when left out (tests). */
  retention?: Retention;
}
