/**
 * One platform's access rule (from its part of `access:` in baton.config.yaml) in the terms every
 * bot shares: organisations, places (a channel, a team), people and groups, and who is let in by
 * kind. An empty list allows everyone on that axis; a person must pass every list that is set.
 */
export interface AccessRule {
  organizations: readonly string[];
  places: readonly string[];
  users: readonly string[];
  userGroups: readonly string[];
  externalUsers: boolean;
  guests: boolean;
  directMessages: boolean;
}
