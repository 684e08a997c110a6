import type { Catalog } from "../config/catalog.js";
import type { ConversationRef, Platform } from "../schemas/conversation-ref.js";
import type { PullRequestRef } from "../schemas/pull-request-ref.js";

/** The conversations of one platform. */
export type ConversationOf<P extends Platform> = Extract<ConversationRef, { platform: P }>;

/**
 * What core asks a platform when it has to decide something the platform's own terms settle:
 * core calls these hooks and never looks inside a conversation of a platform it does not know.
 * Every hook is optional; without one core does what a platform without that notion needs.
 * A module exports its policy on `BotModule.policy`; the server hands all of them to core with
 * `createPlatformPolicies`, whether or not the platform is turned on (a queued turn of a platform
 * switched off since is still read in its terms).
 */
export interface PlatformPolicy<P extends Platform = Platform> {
  platform: P;
  /**
   * The pull request a conversation is, when it may be one (a comment thread on a numbered item):
   * a session that opened that pull request owns it, so its requests join that session's queue
   * and continue that session wherever it started. Null or absent: never linked to a session.
   */
  pullRequestOf?(conversation: ConversationOf<P>): PullRequestRef | null;
  /**
   * The targets a conversation's place allows, as catalog refs (`owner/name`, `env:<id>`, `none`);
   * null when any target is allowed. Whatever names the target (the classifier, `!repo`, a
   * picker), it must be one of them.
   */
  allowedTargets?(catalog: Catalog, conversation: ConversationOf<P>): readonly string[] | null;
}

/** One platform's policy, whichever platform it is (what a module list holds). */
export type AnyPlatformPolicy = { [P in Platform]: PlatformPolicy<P> }[Platform];

/** Every platform's policy, looked up by a conversation's platform. */
export interface PlatformPolicies {
  of<P extends Platform>(platform: P): PlatformPolicy<P> | undefined;
  /** The pull request a conversation is, by its platform's policy; null when it is none. */
  pullRequestOf(conversation: ConversationRef): PullRequestRef | null;
}

/**
 * The policies of the platforms the server lists, one per platform.
 *
 * @example
 * const policies = createPlatformPolicies(BOT_MODULES.map((module) => module.policy));
 */
export function createPlatformPolicies(list: readonly AnyPlatformPolicy[]): PlatformPolicies {
  const byPlatform = new Map<Platform, AnyPlatformPolicy>();
  for (const policy of list) {
    if (byPlatform.has(policy.platform)) throw new Error(`two policies for the platform ${policy.platform}`);
    byPlatform.set(policy.platform, policy);
  }
  const of = <P extends Platform>(platform: P) => byPlatform.get(platform) as PlatformPolicy<P> | undefined;
  return {
    of,
    pullRequestOf: (conversation) =>
      (of(conversation.platform) as PlatformPolicy | undefined)?.pullRequestOf?.(conversation) ?? null,
  };
}

/** No platform's policy: nothing links, every place allows every target. */
export const NO_PLATFORM_POLICIES: PlatformPolicies = createPlatformPolicies([]);
