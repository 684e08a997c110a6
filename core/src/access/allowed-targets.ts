import type { Catalog } from "../config/catalog.js";
import type { PlatformPolicies, PlatformPolicy } from "../contracts/platform-policy.js";
import type { ConversationRef } from "../schemas/conversation-ref.js";
import type { Target } from "../schemas/target.js";

/** The targets a conversation's place may use, as catalog refs; null when any target is allowed. */
export type AllowedTargets = (conversation: ConversationRef) => readonly string[] | null;

/** A target as the catalog writes it: `owner/name`, `env:<id>` or `none`. */
export function targetRef(target: Target): string {
  switch (target.kind) {
    case "repository":
      return target.repo;
    case "environment":
      return `env:${target.id}`;
    case "none":
      return "none";
  }
}

/** The target a catalog ref names: the inverse of `targetRef`. */
export function targetOfRef(ref: string): Target {
  if (ref.toLowerCase() === "none") return { kind: "none" };
  if (ref.toLowerCase().startsWith("env:")) return { kind: "environment", id: ref.slice("env:".length) };
  return { kind: "repository", repo: ref };
}

/**
 * Whether a place that allows `allowed` (any target when null) may use `target`. Compared without
 * case, as the catalog resolves what people write (`Acme/API` is GitHub's `acme/api`): a channel
 * whose list spells a repository otherwise than its catalog entry still allows it.
 */
export function allowsTarget(allowed: readonly string[] | null | undefined, target: Target): boolean {
  if (!allowed) return true;
  const ref = targetRef(target).toLowerCase();
  return allowed.some((entry) => entry.toLowerCase() === ref);
}

/**
 * From the catalog, as each platform reads its places there (`PlatformPolicy.allowedTargets`).
 * Whatever names the target (the classifier, `!repo`, `in owner/repo`, a picker or Change
 * target), it must be one of them.
 */
export function createAllowedTargets(catalog: Catalog, platforms: PlatformPolicies): AllowedTargets {
  return (conversation) =>
    (platforms.of(conversation.platform) as PlatformPolicy | undefined)?.allowedTargets?.(
      catalog,
      conversation,
    ) ?? null;
}
