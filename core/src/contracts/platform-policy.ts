import type { MappingMatch } from "../classifier/create-mapping-index.js";
import type { Catalog } from "../config/catalog.js";
import type { TargetResolver } from "../config/create-target-resolver.js";
import type { PlatformCatalog } from "../config/platform-catalog.js";
import type { ConversationRef, Platform } from "../schemas/conversation-ref.js";
import type { PullRequestRef } from "../schemas/pull-request-ref.js";
import type { SessionRequest } from "../schemas/session-request.js";

/** The conversations of one platform. */
export type ConversationOf<P extends Platform> = Extract<ConversationRef, { platform: P }>;

/** A request made on one platform. */
export type RequestOf<P extends Platform> = SessionRequest & { conversation: ConversationOf<P> };

/**
 * The `SessionRequest.context` keys a platform's requests carry (written by its bot and its
 * `requestContext` provider), as the classifier reads them. None is trusted: people write them.
 */
export interface ClassifierContext {
  /** Every key the classifier's model is shown, in the order it reads them. */
  keys: readonly string[];
  /**
   * The keys the lexical scorer reads, strongest first, each with its weight relative to the
   * request's own words; `referredTo` is its weight when those words name nothing or point back
   * at the conversation ("can you fix it?"), when it is higher.
   */
  weights: readonly { key: string; weight: number; referredTo?: number }[];
  /** The key of the item's subject (an issue's title): routing rules read it as the request's own words. */
  subject?: string;
}

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
  /** Its section of baton.config.yaml (under its name) and its part of `access:`; see `platformCatalog`. */
  catalog?: PlatformCatalog;
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
  /**
   * Step 3 of the classifier's ladder: where the conversation happens says where the work is (a
   * channel's target, a team's mapping, the repository it came from). Built once per catalog.
   */
  mapping?(catalog: Catalog, resolve: TargetResolver): (request: RequestOf<P>) => MappingMatch | undefined;
  /** The context the classifier gets from this platform's requests; none when absent. */
  classifierContext?: ClassifierContext;
  /**
   * What its section of the catalog maps, one line per place (`baton catalog show`): the target,
   * what kind of place maps to it (e.g. "chat channel"), and the place.
   */
  mappingFacts?(catalog: Catalog): readonly PlatformMappingFact[];
}

/** One place the catalog maps to a target, as a platform describes it. */
export interface PlatformMappingFact {
  /** A catalog ref: `owner/name`, `env:<id>` or `none`. */
  target: string;
  fact: string;
  value: string;
}

/** One platform's policy, whichever platform it is (what a module list holds). */
export type AnyPlatformPolicy = { [P in Platform]: PlatformPolicy<P> }[Platform];

/** Every platform's policy, looked up by a conversation's platform. */
export interface PlatformPolicies {
  readonly list: readonly AnyPlatformPolicy[];
  of<P extends Platform>(platform: P): PlatformPolicy<P> | undefined;
  /** The pull request a conversation is, by its platform's policy; null when it is none. */
  pullRequestOf(conversation: ConversationRef): PullRequestRef | null;
  /** The context the classifier reads from a request of this conversation's platform; none when it says none. */
  classifierContextOf(conversation: ConversationRef): ClassifierContext;
}

const NO_CLASSIFIER_CONTEXT: ClassifierContext = { keys: [], weights: [] };

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
    list: [...byPlatform.values()],
    of,
    pullRequestOf: (conversation) =>
      (of(conversation.platform) as PlatformPolicy | undefined)?.pullRequestOf?.(conversation) ?? null,
    classifierContextOf: (conversation) =>
      of(conversation.platform)?.classifierContext ?? NO_CLASSIFIER_CONTEXT,
  };
}

/** No platform's policy: nothing links, every place allows every target. */
export const NO_PLATFORM_POLICIES: PlatformPolicies = createPlatformPolicies([]);
