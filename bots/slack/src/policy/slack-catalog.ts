import {
  type AccessRule,
  accessSection,
  type Catalog,
  catalogSection,
  platformCatalog,
  steeringPolicySchema,
  targetRefSchema,
} from "@baton/core";
import { z } from "zod";

/** `slack:` in baton.config.yaml: what each channel works on, who steers there, what it may use. */
export const slackCatalogSchema = z
  .object({
    // Keyed by channel id (C0123ABCD) or by channel name (#payments, payments).
    channels: z
      .record(
        z.string(),
        z.object({
          target: targetRefSchema.optional(),
          steering: steeringPolicySchema.default("requester"),
          /** The only targets requests in this channel may use (`!repo`, `in owner/repo` included); any when unset. */
          targets: z.array(targetRefSchema).min(1).optional(),
        }),
      )
      .default({}),
  })
  .default({ channels: {} });
export type SlackCatalog = z.infer<typeof slackCatalogSchema>;

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
  .strict()
  .prefault({});
export type SlackAccessPolicy = z.infer<typeof slackAccessSchema>;

/** A catalog's `slack:` section (its defaults when it has none). */
export const slackCatalogOf = (catalog: Catalog): SlackCatalog =>
  catalogSection(catalog, "slack", slackCatalogSchema);

/** A catalog's `access.slack`, as the rule every bot's access check reads. */
export function slackAccessRuleOf(catalog: Catalog): AccessRule {
  const access = accessSection(catalog, "slack", slackAccessSchema);
  return {
    ...access,
    organizations: [...access.workspaces, ...access.enterpriseOrgs],
    places: access.channels,
  };
}

/** Slack's part of the catalog: its section, its access, a channel's target pruned when unknown. */
export const SLACK_CATALOG = platformCatalog({
  section: slackCatalogSchema,
  access: slackAccessSchema,
  prune(section, { resolve, unknown }) {
    const channels = Object.fromEntries(
      Object.entries(section.channels).map(([channel, entry]) => {
        if (entry.target === undefined || resolve(entry.target)) return [channel, entry];
        unknown(`slack.channels.${channel}.target`, entry.target, "the channel has no target");
        const { target: _dropped, ...rest } = entry;
        return [channel, rest];
      }),
    );
    return { ...section, channels };
  },
});
