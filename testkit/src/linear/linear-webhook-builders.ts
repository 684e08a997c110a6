import { randomUUID } from "node:crypto";
import type { FakeLinearIssue, FakeLinearStore, FakeLinearUser } from "./fake-linear-store.js";

export interface AgentSessionEventInput {
  store: FakeLinearStore;
  /** Null for a session Linear opened outside an issue: the event then carries no `issue` (nor `issueId`). */
  issue: FakeLinearIssue | null;
  agentSessionId: string;
  /** The person who assigned, delegated or mentioned (a seeded user id). */
  creatorId?: string;
  promptContext?: string;
  /** For `prompted`: what the person wrote. */
  body?: string;
  /** For `prompted`: who wrote (or pressed Stop); the creator by default. */
  authorId?: string;
  /** For `prompted`: `stop` when the person pressed Stop. */
  signal?: "stop";
  /** Milliseconds since the epoch; now unless a test wants a stale one. */
  webhookTimestamp?: number;
}

/**
 * An `AgentSessionEvent` webhook payload of Linear's shape (`AgentSessionEventWebhookPayload`):
 * `created` when Baton is assigned, delegated or mentioned; `prompted` for a follow-up message
 * or the stop signal.
 */
export function buildAgentSessionEvent(
  action: "created" | "prompted",
  input: AgentSessionEventInput,
): { type: "AgentSessionEvent" } & Record<string, unknown> {
  const { store, issue, agentSessionId } = input;
  const now = new Date().toISOString();
  const creator = input.creatorId ? store.users.get(input.creatorId) : undefined;
  const creatorChild = creator ? userChild(creator) : undefined;
  const author = input.authorId ? store.users.get(input.authorId) : creator;
  const authorChild = author ? userChild(author) : undefined;
  return {
    type: "AgentSessionEvent",
    action,
    createdAt: now,
    organizationId: store.organization.id,
    oauthClientId: "oauth-client",
    appUserId: store.appUser.id,
    webhookId: "webhook-1",
    webhookTimestamp: input.webhookTimestamp ?? Date.now(),
    ...(action === "created" && input.promptContext !== undefined
      ? { promptContext: input.promptContext }
      : {}),
    agentSession: {
      id: agentSessionId,
      appUserId: store.appUser.id,
      organizationId: store.organization.id,
      ...(issue ? { issueId: issue.id } : {}),
      creatorId: creator?.id ?? null,
      ...(creatorChild ? { creator: creatorChild } : {}),
      status: action === "created" ? "pending" : "active",
      type: "commentThread",
      createdAt: now,
      updatedAt: now,
      ...(issue ? { issue: issueChild(store, issue) } : {}),
    },
    ...(action === "prompted"
      ? {
          agentActivity: {
            id: randomUUID(),
            agentSessionId,
            content: { type: "prompt", body: input.body ?? "" },
            signal: input.signal ?? null,
            createdAt: now,
            updatedAt: now,
            userId: author?.id ?? store.appUser.id,
            ...(authorChild ? { user: authorChild } : {}),
          },
        }
      : {}),
  };
}

/** The issue as webhooks embed one (`IssueWithDescriptionChildWebhookPayload`). */
function issueChild(store: FakeLinearStore, issue: FakeLinearIssue) {
  const team = store.teams.get(issue.teamId)!;
  return {
    id: issue.id,
    identifier: issue.identifier,
    title: issue.title,
    description: issue.description,
    url: issue.url,
    teamId: team.id,
    team: { id: team.id, key: team.key, name: team.name },
  };
}

/** A user as webhooks embed one (`UserChildWebhookPayload`). */
function userChild(user: FakeLinearUser) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    url: `https://linear.app/acme/profiles/${user.displayName}`,
  };
}
