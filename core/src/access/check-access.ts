import type { AccessRule } from "./access-rule.js";

/** What a bot knows about a request, from its verified payload (and, when the rule needs it, its platform). */
export interface AccessFacts {
  /** Every organisation the request belongs to (a workspace, and the organisation that holds it). */
  organizationIds: readonly string[];
  /** The channel (or repository, team) it was made in; null for a direct message. */
  place: string | null;
  userId: string;
  /** From another organisation (a channel shared between organisations). */
  external: boolean;
  /** Asked only when the rule refuses guests. */
  isGuest?: () => Promise<boolean>;
  /** Asked only when the person is not listed by id and the rule lists groups. */
  isMemberOfAny?: (groupIds: readonly string[]) => Promise<boolean>;
  /** The platform's own permission answer (at least the configured repository permission, say). */
  permitted?: boolean;
}

export type AccessRefusal =
  | "organization_not_allowed"
  | "place_not_allowed"
  | "direct_messages_off"
  | "external_user"
  | "guest"
  | "user_not_allowed"
  | "permission_too_low";

export type AccessCheck = { allowed: true } | { allowed: false; reason: AccessRefusal };

/**
 * Whether a request may reach Baton at all, before anything is stored: every bot calls this with
 * its own facts. Cheap checks come first; the platform is asked (guest status, groups) only when
 * the rule needs the answer.
 */
export async function checkAccess(rule: AccessRule, facts: AccessFacts): Promise<AccessCheck> {
  const refuse = (reason: AccessRefusal): AccessCheck => ({ allowed: false, reason });
  if (facts.permitted === false) return refuse("permission_too_low");
  if (rule.organizations.length > 0 && !facts.organizationIds.some((id) => rule.organizations.includes(id)))
    return refuse("organization_not_allowed");
  if (facts.external && !rule.externalUsers) return refuse("external_user");
  if (facts.place === null) {
    if (!rule.directMessages) return refuse("direct_messages_off");
  } else if (rule.places.length > 0 && !rule.places.includes(facts.place)) {
    return refuse("place_not_allowed");
  }
  if ((rule.users.length > 0 || rule.userGroups.length > 0) && !rule.users.includes(facts.userId)) {
    const member = rule.userGroups.length > 0 && (await facts.isMemberOfAny?.(rule.userGroups));
    if (!member) return refuse("user_not_allowed");
  }
  if (!rule.guests && facts.isGuest && (await facts.isGuest())) return refuse("guest");
  return { allowed: true };
}
