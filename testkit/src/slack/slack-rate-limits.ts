import type { FakeClock } from "../limits/fake-clock.js";
import {
  createFakeRateLimiter,
  type FakeRateLimit,
  type FakeRateLimiter,
} from "../limits/fake-rate-limits.js";
import type { FakeSlackFailure } from "./failure-script.js";

export type SlackTier = 1 | 2 | 3 | 4;

/** Requests per minute per method per workspace of each tier, as Slack publishes them ("1+", "20+", …). */
export const SLACK_TIER_PER_MINUTE: Readonly<Record<SlackTier, number>> = { 1: 1, 2: 20, 3: 50, 4: 100 };

/**
 * The tiers Slack's method reference gives the methods this fake serves. Methods Slack marks
 * "special" other than the messaging ones limited per channel (chat.postMessage,
 * assistant.threads.setStatus) are placed in the tier their page describes as closest.
 */
export const SLACK_METHOD_TIERS: Readonly<Record<string, SlackTier>> = {
  "apps.connections.open": 1,
  "assistant.threads.setSuggestedPrompts": 3,
  "assistant.threads.setTitle": 3,
  "auth.test": 4,
  "chat.delete": 3,
  "chat.getPermalink": 4,
  "chat.postEphemeral": 4,
  "chat.update": 3,
  "conversations.history": 3,
  "conversations.info": 3,
  "conversations.replies": 3,
  "reactions.add": 3,
  "reactions.remove": 2,
  "usergroups.users.list": 2,
  "users.info": 4,
  "views.open": 4,
  "views.publish": 4,
  "views.push": 4,
  "views.update": 4,
};

/** chat.postMessage: about one message a second per channel, short bursts allowed. */
export const SLACK_POST_MESSAGE_PER_CHANNEL: FakeRateLimit = { limit: 1, periodMs: 1_000, burst: 3 };
/**
 * assistant.threads.setStatus: "special", with no figure published; modelled as chat.postMessage
 * is, per channel (`channel_id`), the other messaging method whose limit Slack keeps per channel.
 */
export const SLACK_SET_STATUS_PER_CHANNEL: FakeRateLimit = { limit: 1, periodMs: 1_000, burst: 3 };

export interface FakeSlackRateLimitOptions {
  /** Where the limits read the time; speed it up (`createSpedUpClock`) to see a minute pass sooner. */
  clock?: FakeClock;
  /** Per-minute allowance of each tier; Slack's published floors by default. */
  perMinute?: Partial<Record<SlackTier, number>>;
  /** Tiers of methods, over `SLACK_METHOD_TIERS`. A method in no tier is not limited. */
  methodTiers?: Record<string, SlackTier>;
  /** A limit of one method's own, instead of its tier's (a test's smaller burst). */
  methodLimits?: Record<string, FakeRateLimit>;
  postMessagePerChannel?: FakeRateLimit;
  setStatusPerChannel?: FakeRateLimit;
  /**
   * Slack keeps a workspace-wide limit on chat.postMessage too but publishes no figure for it:
   * none unless a test sets one.
   */
  postMessagePerWorkspace?: FakeRateLimit;
}

export interface FakeSlackRateLimits {
  /** The 429 for this call, or undefined when the call is within every limit. */
  check(method: string, body: Record<string, unknown>, teamId: string): FakeSlackFailure | undefined;
  readonly limiter: FakeRateLimiter;
}

/** Slack's Web API limits, per method per workspace (one app: the fake serves one). */
export function createFakeSlackRateLimits(options: FakeSlackRateLimitOptions = {}): FakeSlackRateLimits {
  const limiter = createFakeRateLimiter(options.clock ?? Date.now);
  const perMinute = { ...SLACK_TIER_PER_MINUTE, ...options.perMinute };
  const tiers = { ...SLACK_METHOD_TIERS, ...options.methodTiers };
  const perChannel = options.postMessagePerChannel ?? SLACK_POST_MESSAGE_PER_CHANNEL;
  const statusPerChannel = options.setStatusPerChannel ?? SLACK_SET_STATUS_PER_CHANNEL;

  function limitsOf(method: string, body: Record<string, unknown>, teamId: string) {
    if (method === "chat.postMessage") {
      const channel = typeof body.channel === "string" ? body.channel : "";
      const limits = [{ key: `${teamId}:${method}:${channel}`, limit: perChannel }];
      if (options.postMessagePerWorkspace)
        limits.push({ key: `${teamId}:${method}`, limit: options.postMessagePerWorkspace });
      return limits;
    }
    if (method === "assistant.threads.setStatus") {
      const channel = typeof body.channel_id === "string" ? body.channel_id : "";
      return [{ key: `${teamId}:${method}:${channel}`, limit: statusPerChannel }];
    }
    const own =
      options.methodLimits && Object.hasOwn(options.methodLimits, method)
        ? options.methodLimits[method]
        : undefined;
    if (own) return [{ key: `${teamId}:${method}`, limit: own }];
    const tier = Object.hasOwn(tiers, method) ? tiers[method] : undefined;
    if (tier === undefined) return [];
    return [{ key: `${teamId}:${method}`, limit: { limit: perMinute[tier], periodMs: 60_000 } }];
  }

  return {
    limiter,
    check(method, body, teamId) {
      const limits = limitsOf(method, body, teamId);
      if (limits.length === 0) return undefined;
      const decision = limiter.take(limits);
      return decision.allowed
        ? undefined
        : { kind: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
    },
  };
}
