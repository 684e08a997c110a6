import type { ReplyClaim } from "@baton/core";
import type { LinearClient } from "@linear/sdk";
import { LinearError, LinearErrorType, parseLinearError } from "@linear/sdk";
import { z } from "zod";
import type { LinearBudgets } from "../budget/linear-budgets.js";
import type { LinearClientSource } from "./linear-client-source.js";
import { ISSUE_ASSIGNEE_QUERY, ISSUE_CONTEXT_QUERY, VIEWER_QUERY } from "./linear-documents.js";
import {
  isLinearRateLimit,
  type LinearBackoffOptions,
  linearRetryAfterMs,
  withLinearBackoff,
} from "./with-linear-backoff.js";

/** How many of an issue's latest comments go into a prompt built from the issue. */
export const ISSUE_PROMPT_MAX_COMMENTS = 20;

const workflowStateSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  type: z.string(),
  position: z.number().optional(),
});

const issueContextSchema = z.object({
  issue: z.object({
    id: z.string(),
    identifier: z.string(),
    title: z.string(),
    description: z.string().nullish(),
    url: z.string().nullish(),
    state: workflowStateSchema.pick({ id: true, type: true }).nullish(),
    delegate: z.object({ id: z.string() }).nullish(),
    project: z.object({ name: z.string() }).nullish(),
    labels: z.object({ nodes: z.array(z.object({ name: z.string() })) }),
    comments: z.object({ nodes: z.array(z.object({ body: z.string() })) }),
    team: z.object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      states: z.object({ nodes: z.array(workflowStateSchema) }),
    }),
  }),
});
export type LinearIssueContext = z.infer<typeof issueContextSchema>["issue"];

const issueAssigneeSchema = z.object({
  issue: z.object({ id: z.string(), assignee: z.object({ id: z.string() }).nullish() }),
});

const viewerSchema = z.object({
  viewer: z.object({
    id: z.string(),
    name: z.string(),
    /** An app user (an OAuth app installed with `actor=app`), as opposed to a person's API key. */
    app: z.boolean().default(false),
    organization: z.object({ id: z.string(), name: z.string(), urlKey: z.string().optional() }),
  }),
});
export type LinearViewer = z.infer<typeof viewerSchema>["viewer"];

export interface AgentActivityInput {
  agentSessionId: string;
  content: Record<string, unknown>;
  /** Baton's id for the activity, so that a retried call cannot post it twice. */
  id?: string;
  ephemeral?: boolean;
  signal?: "auth" | "continue" | "select" | "stop";
  signalMetadata?: Record<string, unknown>;
}

/** The Linear calls Baton makes for one workspace, each through the SDK, with rate-limit backoff. */
export interface LinearApi {
  viewer(): Promise<LinearViewer>;
  issueContext(issueId: string): Promise<LinearIssueContext>;
  /** The id of the person the issue is assigned to, or null when nobody is. */
  issueAssignee(issueId: string): Promise<string | null>;
  createActivity(input: AgentActivityInput): Promise<void>;
  setExternalLink(agentSessionId: string, url: string): Promise<void>;
  updateIssue(issueId: string, input: { stateId?: string; delegateId?: string }): Promise<void>;
  /** Attaches a link (a pull request) to the issue; Linear keeps one per URL, so attaching again updates it. */
  attachLink(issueId: string, link: { url: string; title: string; subtitle?: string }): Promise<void>;
}

/**
 * Linear refuses a second activity with an id it already has: the first try of a call that was
 * repeated (after a lost answer or a crash) did post it.
 */
export function isDuplicateActivity(error: unknown): boolean {
  return (
    error instanceof LinearError &&
    error.type === LinearErrorType.InvalidInput &&
    /already exists|duplicate/i.test(error.message)
  );
}

function isAuthenticationError(error: unknown): boolean {
  return error instanceof LinearError && error.type === LinearErrorType.AuthenticationError;
}

export function createLinearApi({
  clients,
  organizationId,
  backoff,
  budgets,
  reply,
}: {
  clients: LinearClientSource;
  organizationId: string;
  backoff?: LinearBackoffOptions;
  /** The token's request budget, shared by every worker: each call waits for it. */
  budgets?: LinearBudgets;
  /** The reply these calls are made for, which their budget waits are counted as (urgent without one). */
  reply?: ReplyClaim;
}): LinearApi {
  const bucket = budgets?.bucketOf(organizationId);
  /** One request, within the token's budget; a rate limit that says how long (Retry-After, or the limit's reset) pauses it for every worker. */
  async function send<T>(run: () => Promise<T>): Promise<T> {
    if (!budgets || !bucket) return run();
    await budgets.replyBudget.beforeRequest([bucket], reply);
    try {
      return await run();
    } catch (error) {
      const retryAfterMs = isLinearRateLimit(error) ? linearRetryAfterMs(error) : undefined;
      if (retryAfterMs !== undefined) await budgets.replyBudget.refused(bucket, retryAfterMs);
      throw error;
    }
  }

  /** One call: on a refused token (expired early, revoked), refresh it once and try again. */
  function call<T>(run: (client: LinearClient) => Promise<T>): Promise<T> {
    return withLinearBackoff(async () => {
      const client = await clients.clientFor(organizationId);
      try {
        return await send(() => run(client));
      } catch (error) {
        if (!clients.refreshable || !isAuthenticationError(error)) throw error;
        const fresh = await clients.clientFor(organizationId, { fresh: true });
        return send(() => run(fresh));
      }
    }, backoff);
  }

  /** Baton's own documents go through the SDK's GraphQL client; its errors are parsed as the SDK's are. */
  async function query<T>(
    client: LinearClient,
    document: string,
    variables: Record<string, unknown>,
    schema: z.ZodType<T>,
  ) {
    const data = await client.client
      .request<unknown, Record<string, unknown>>(document, variables)
      .catch((error: unknown) => {
        throw parseLinearError(error as Error);
      });
    return schema.parse(data);
  }

  return {
    viewer: () => call(async (client) => (await query(client, VIEWER_QUERY, {}, viewerSchema)).viewer),
    issueContext: (issueId) =>
      call(
        async (client) =>
          (
            await query(
              client,
              ISSUE_CONTEXT_QUERY,
              { id: issueId, comments: ISSUE_PROMPT_MAX_COMMENTS },
              issueContextSchema,
            )
          ).issue,
      ),
    issueAssignee: (issueId) =>
      call(
        async (client) =>
          (await query(client, ISSUE_ASSIGNEE_QUERY, { id: issueId }, issueAssigneeSchema)).issue.assignee
            ?.id ?? null,
      ),
    createActivity: (input) =>
      call(async (client) => {
        await client.createAgentActivity(input as Parameters<LinearClient["createAgentActivity"]>[0]);
      }),
    setExternalLink: (agentSessionId, url) =>
      call(async (client) => {
        await client.updateAgentSession(agentSessionId, {
          externalLink: url,
          externalUrls: [{ label: "Baton session", url }],
        });
      }),
    updateIssue: (issueId, input) =>
      call(async (client) => {
        await client.updateIssue(issueId, input);
      }),
    attachLink: (issueId, link) =>
      call(async (client) => {
        await client.createAttachment({ issueId, ...link });
      }),
  };
}
