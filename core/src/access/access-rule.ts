import { z } from "zod";

const ids = (what: string, pattern: RegExp) =>
  z.array(z.string().regex(pattern, `must be ${what}`)).default([]);

/**
 * Who may use Baton from Slack (`access.slack` in baton.config.yaml). An empty list allows
 * everyone on that axis; a person must pass every list that is set.
 */
export const slackAccessSchema = z
  .object({
    /** Workspace ids (T…) whose people may use Baton. */
    workspaces: ids("a Slack workspace id (T…)", /^T[A-Z0-9]+$/),
    /** Enterprise Grid org ids (E…): every workspace of the org. */
    enterpriseOrgs: ids("an Enterprise Grid org id (E…)", /^E[A-Z0-9]+$/),
    /** Channel ids (C…, G…) where Baton may be asked; DMs are `directMessages`. */
    channels: ids("a channel id (C… or G…)", /^[CG][A-Z0-9]+$/),
    /** User ids (U…, W…) allowed, besides the members of `userGroups`. */
    users: ids("a user id (U… or W…)", /^[UW][A-Z0-9]+$/),
    /** User group ids (S…) whose members are allowed. */
    userGroups: ids("a user group id (S…)", /^S[A-Z0-9]+$/),
    /** People from other organisations in Slack Connect channels. */
    externalUsers: z.boolean().default(false),
    /** Multi- and single-channel guests (Slack already keeps them to their channels). */
    guests: z.boolean().default(true),
    directMessages: z.boolean().default(true),
  })
  .strict();
export type SlackAccess = z.infer<typeof slackAccessSchema>;

/** GitHub: the least repository permission a person needs (the GitHub bot asks GitHub for it). */
export const githubAccessSchema = z
  .object({ minimumPermission: z.enum(["read", "triage", "write", "maintain", "admin"]).default("write") })
  .strict();

/**
 * Linear (`access.linear`): which installed organisations, teams and people may use the agent.
 * Only an organisation that installed Baton (or the API key's) is ever served; these lists narrow
 * that down. An empty list allows everyone on that axis.
 */
export const linearAccessSchema = z
  .object({
    /** Organisation (workspace) ids. */
    organizations: z.array(z.string().min(1)).default([]),
    /** Teams, by key (`ENG`) or id, whose issues Baton may work on. */
    teams: z.array(z.string().min(1)).default([]),
    /** People, by Linear user id or email. */
    users: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type LinearAccess = z.infer<typeof linearAccessSchema>;

export const accessSchema = z
  .object({
    slack: slackAccessSchema.prefault({}),
    github: githubAccessSchema.prefault({}),
    linear: linearAccessSchema.prefault({}),
  })
  .strict();
export type AccessPolicy = z.infer<typeof accessSchema>;

/**
 * One platform's rule in the terms every bot shares: organisations (Slack workspaces and orgs,
 * Linear organisations), places (Slack channels), people and groups, and who is let in by kind.
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

/** Linear's teams are its places; Linear has no guests, DMs or external people to refuse. */
export function linearAccessRule(access: LinearAccess): AccessRule {
  return {
    organizations: access.organizations,
    places: access.teams,
    users: access.users,
    userGroups: [],
    externalUsers: true,
    guests: true,
    directMessages: true,
  };
}

export function slackAccessRule(access: SlackAccess): AccessRule {
  return {
    ...access,
    organizations: [...access.workspaces, ...access.enterpriseOrgs],
    places: access.channels,
  };
}
