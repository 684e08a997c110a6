import {
  type AccessRefusal,
  type Catalog,
  type ClaimDelivery,
  createAccessGate,
  type Logger,
} from "@baton/core";
import { linearAccessOf, linearAccessRule } from "../policy/linear-catalog.js";

/** Who asks, in which organisation and team, in which agent session: from the verified event. */
export interface LinearAccessRequest {
  deliveryId: string;
  organizationId: string;
  /** The team as the event names it (key and id); absent when the event carries neither. */
  team: { key?: string; id?: string };
  actor: { id: string; email?: string };
  agentSessionId: string;
}

export type LinearAccessOutcome =
  | "admitted"
  /** Logged, and the person told once in the agent session. */
  | "refused"
  /** No installation (nor the API key) serves this organisation: nobody there could be answered. */
  | "not_installed";

export type LinearAccess = (request: LinearAccessRequest) => Promise<LinearAccessOutcome>;

const REFUSALS: Record<AccessRefusal, string> = {
  organization_not_allowed: "Baton is not available to this workspace.",
  place_not_allowed: "Baton is not available to this team. Ask whoever runs Baton to add it.",
  user_not_allowed: "Baton is not available to you here. Ask whoever runs Baton to add you.",
  direct_messages_off: "Baton is not available here.",
  external_user: "Baton is not available here.",
  guest: "Baton is not available here.",
  permission_too_low: "Baton is not available here.",
};

/** The first of `names` the list holds (so a list may name a team by key or id), else the first name. */
function asListed(list: readonly string[], names: Array<string | undefined>): string {
  const present = names.filter((name): name is string => Boolean(name));
  return present.find((name) => list.includes(name)) ?? present[0] ?? "";
}

/**
 * Linear's side of the access policy (`access.linear`), checked at the webhook before anything is
 * queued: the organisation must have installed Baton (or be the API key's), then the shared
 * check applies the catalog's organisations, teams and people. A refusal is logged and told once
 * per agent session as an `error` activity, so the session does not wait for an answer.
 */
export function createLinearAccess({
  catalog,
  isInstalled,
  claimDelivery,
  logger,
  tell,
}: {
  catalog: Catalog;
  isInstalled(organizationId: string): Promise<boolean>;
  claimDelivery: ClaimDelivery;
  logger: Logger;
  /** Posts `text` as an `error` activity in the agent session. */
  tell(input: { organizationId: string; agentSessionId: string; text: string }): Promise<unknown>;
}): LinearAccess {
  const policy = linearAccessOf(catalog);
  const admit = createAccessGate({
    platform: "linear",
    rule: linearAccessRule(policy),
    claimDelivery,
    logger,
  });
  const log = logger.child({ component: "bots.linear.access" });

  return async (request) => {
    if (!(await isInstalled(request.organizationId))) {
      log.warn("bots.linear.event_ignored", {
        reason: "organization_not_installed",
        delivery_id: request.deliveryId,
        organization_id: request.organizationId,
      });
      return "not_installed";
    }
    const admitted = await admit(
      {
        organizationIds: [request.organizationId],
        place: asListed(policy.teams, [request.team.key, request.team.id]),
        userId: asListed(policy.users, [request.actor.id, request.actor.email]),
        external: false,
      },
      {
        deliveryId: request.deliveryId,
        replyScope: `linear.${request.agentSessionId}`,
        tell: (reason) =>
          tell({
            organizationId: request.organizationId,
            agentSessionId: request.agentSessionId,
            text: REFUSALS[reason],
          }),
      },
    );
    return admitted ? "admitted" : "refused";
  };
}
