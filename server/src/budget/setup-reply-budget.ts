import {
  type Beat,
  type BudgetBucket,
  createRateBudget,
  createReplyBudget,
  parseRateLimits,
  type RateBudget,
  type RedisKeys,
  type ReplyBudget,
} from "@baton/core";
import type { Redis } from "ioredis";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { Config } from "../config/load-config.js";

const WAIT_SECONDS_BUCKETS = [0.01, 0.1, 0.5, 1, 2, 5, 15, 30, 60, 300];

export interface SetUpReplyBudget {
  replyBudget: ReplyBudget;
  /** Which platforms are rate-limiting Baton now (the front page asks). */
  budget: RateBudget;
}

/**
 * The platforms' rate limits as one budget in Redis for every worker (off with
 * BATON_RATE_BUDGET=off), and its figures on /metrics: what each budget granted and how long
 * requests waited, by priority; the tokens left; progress coalesced; 429s received.
 */
export function setupReplyBudget({
  config,
  redis,
  keys,
  registry,
  beat,
}: {
  config: Pick<Config, "BATON_RATE_BUDGET" | "BATON_RATE_LIMITS">;
  redis: Redis;
  keys: RedisKeys;
  registry: Registry;
  /** The process's shared clock, which progress waiters sleep on. */
  beat?: Beat;
}): SetUpReplyBudget | null {
  if (config.BATON_RATE_BUDGET === "off") return null;
  const registers = [registry];
  const granted = new Counter({
    name: "baton_rate_budget_requests_total",
    help: "Platform requests let through by each rate budget, by priority (urgent: what a person waits on).",
    labelNames: ["budget", "priority"],
    registers,
  });
  const waited = new Histogram({
    name: "baton_rate_budget_wait_seconds",
    help: "How long a platform request waited for its rate budget, by budget and priority.",
    labelNames: ["budget", "priority"],
    buckets: WAIT_SECONDS_BUCKETS,
    registers,
  });
  const tokens = new Gauge({
    name: "baton_rate_budget_tokens",
    help: "Requests a rate budget could let through at once, as last seen by this process (0: at the limit).",
    labelNames: ["budget"],
    registers,
  });
  const perMinute = new Gauge({
    name: "baton_rate_budget_limit_per_minute",
    help: "The rate each budget refills at, in requests a minute.",
    labelNames: ["budget"],
    registers,
  });
  const refused = new Counter({
    name: "baton_platform_rate_limited_total",
    help: "429s (Retry-After) received from a platform, by platform and budget.",
    labelNames: ["platform", "budget"],
    registers,
  });
  const coalesced = new Counter({
    name: "baton_progress_coalesced_total",
    help: "Progress updates never sent because a newer one of the same session replaced them.",
    labelNames: ["platform"],
    registers,
  });
  const seen = (bucket: BudgetBucket) =>
    perMinute.set({ budget: bucket.name }, (bucket.limit.limit * 60_000) / bucket.limit.periodMs);
  const budget = createRateBudget({
    redis,
    keys,
    beat,
    observer: {
      granted(bucket, priority, waitedMs, left) {
        seen(bucket);
        granted.inc({ budget: bucket.name, priority });
        waited.observe({ budget: bucket.name, priority }, waitedMs / 1000);
        tokens.set({ budget: bucket.name }, left);
      },
      paused(bucket) {
        refused.inc({ platform: bucket.platform, budget: bucket.name });
        tokens.set({ budget: bucket.name }, 0);
      },
    },
  });
  const replyBudget = createReplyBudget({
    budget,
    overrides: parseRateLimits(config.BATON_RATE_LIMITS),
    onCoalesced: (platform) => coalesced.inc({ platform }),
  });
  return { replyBudget, budget };
}
