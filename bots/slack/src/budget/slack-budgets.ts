import { type BudgetBucket, defaultBurst, type RateLimitSpec, type ReplyBudget } from "@baton/core";

type SlackTier = 1 | 2 | 3 | 4;

/** Slack's published floors per method per workspace: tier 1 "1+", tier 2 "20+", tier 3 "50+", tier 4 "100+" a minute. */
const TIER_PER_MINUTE: Record<SlackTier, number> = { 1: 1, 2: 20, 3: 50, 4: 100 };

/** The tier of each Web API method Baton calls, from Slack's method reference. */
const METHOD_TIERS: Readonly<Record<string, SlackTier>> = {
  "apps.connections.open": 1,
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

/**
 * Slack's "special" messaging methods, limited per channel rather than per workspace:
 * chat.postMessage about one message a second per channel. assistant.threads.setStatus is
 * "special" too, with no published figure: Baton models it like chat.postMessage (operators set
 * their own through `BATON_RATE_LIMITS`, `slack:assistant.threads.setStatus=…`). Baton bursts two
 * at most.
 */
const SPECIAL_PER_CHANNEL: RateLimitSpec = { limit: 1, periodMs: 1_000, burst: 2 };
const SET_STATUS = "assistant.threads.setStatus";

const tierLimit = (tier: SlackTier): RateLimitSpec => ({
  limit: TIER_PER_MINUTE[tier],
  periodMs: 60_000,
  burst: defaultBurst(TIER_PER_MINUTE[tier]),
});

/** Which of Slack's budgets a Web API call draws on, for one workspace. */
export interface SlackBudgets {
  readonly replyBudget: ReplyBudget;
  /**
   * The buckets of a call to `method` (a per-channel method's is its channel's, none without a
   * channel); none for a method of no known tier.
   */
  bucketsOf(method: string, channel: () => string | undefined): BudgetBucket[];
  /** chat.update's: what a progress edit of the working message spends. */
  readonly progressBucket: BudgetBucket;
  /** assistant.threads.setStatus's in `channel`: what a status line update spends. */
  statusBucket(channel: string): BudgetBucket;
}

export function createSlackBudgets({
  replyBudget,
  teamId,
}: {
  replyBudget: ReplyBudget;
  teamId: string;
}): SlackBudgets {
  const methodBuckets = new Map<string, BudgetBucket>();
  // Slack counts per method: a bucket per method, limited as its tier (or as the operator set it).
  function methodBucket(method: string, tier: SlackTier): BudgetBucket {
    let bucket = methodBuckets.get(method);
    if (!bucket) {
      const limit = replyBudget.limit(
        `slack:${method}`,
        replyBudget.limit(`slack:tier${tier}`, tierLimit(tier)),
      );
      bucket = { id: `slack:${teamId}:${method}`, name: `slack:${method}`, platform: "slack", limit };
      methodBuckets.set(method, bucket);
    }
    return bucket;
  }
  const statusLimit = replyBudget.limit(`slack:${SET_STATUS}`, SPECIAL_PER_CHANNEL);
  const channelLimits = new Map<string, RateLimitSpec>([
    ["chat.postMessage", replyBudget.limit("slack:chat.postMessage", SPECIAL_PER_CHANNEL)],
    [SET_STATUS, statusLimit],
  ]);
  // Made per call (a channel's bucket is a plain record, the limit is shared): no map of channels to grow.
  const channelBucket = (method: string, limit: RateLimitSpec, channel: string): BudgetBucket => ({
    id: `slack:${teamId}:${method}:${channel}`,
    name: `slack:${method}`,
    platform: "slack",
    limit,
  });
  return {
    replyBudget,
    progressBucket: methodBucket("chat.update", 3),
    statusBucket: (channel) => channelBucket(SET_STATUS, statusLimit, channel),
    bucketsOf(method, channel) {
      const perChannel = channelLimits.get(method);
      if (perChannel) {
        const id = channel();
        return id ? [channelBucket(method, perChannel, id)] : [];
      }
      const tier = Object.hasOwn(METHOD_TIERS, method) ? METHOD_TIERS[method] : undefined;
      return tier === undefined ? [] : [methodBucket(method, tier)];
    },
  };
}
