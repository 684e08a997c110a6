import { randomBytes, randomUUID } from "node:crypto";
import { deliveryResult, type PaneActionResult, type PaneContext, type SimulatedPane } from "@baton/core";
import {
  buildAgentSessionEvent,
  type FakeLinear,
  type FakeLinearIssue,
  type FakeLinearUser,
  postLinearWebhook,
  startFakeLinear,
} from "@baton/testkit";
import { type LinearPaneAction, linearPaneActionSchema, PLAYGROUND_ISSUE } from "./linear-pane-actions.js";

const LINEAR_WEBHOOKS_PATH = "/linear/webhooks";

/**
 * The Linear pane, simulated: testkit's fake Linear GraphQL API with an API key and webhook secret
 * made up for this run, one issue, and the person's assignment, answers and Stop delivered to the
 * gateway as signed `AgentSessionEvent` webhooks. Baton's activities land in the fake's store.
 */
export async function createLinearPane({ logger, changed }: PaneContext): Promise<SimulatedPane> {
  const apiKey = `lin_api_${randomBytes(20).toString("hex")}`;
  const webhookSecret = `lin_wh_${randomBytes(24).toString("hex")}`;
  const linear = await startFakeLinear({ apiKey });
  const person = linear.store.seedUser({ name: "You" });
  const issue = linear.store.seedIssue({ ...PLAYGROUND_ISSUE });
  const log = logger.child({ component: "server.playground.linear" });
  const unsubscribe = linear.onOperation(() => changed());

  async function act(input: unknown, gatewayUrl: string): Promise<PaneActionResult> {
    const parsed = linearPaneActionSchema.safeParse(input);
    if (!parsed.success) return { kind: "refused", status: 400, reason: "bad_action" };
    const payload = agentSessionEvent(linear, issue, person, parsed.data);
    if (!payload) return { kind: "refused", status: 409, reason: "assign_the_issue_first" };
    changed();
    const delivered = await postLinearWebhook({
      url: `${gatewayUrl}${LINEAR_WEBHOOKS_PATH}`,
      secret: webhookSecret,
      payload,
    });
    log.info("server.playground.linear.delivered", { action: parsed.data.type, status: delivered.status });
    return deliveryResult(delivered.status);
  }

  return {
    env: { LINEAR_WEBHOOK_SECRET: webhookSecret, LINEAR_API_KEY: apiKey, LINEAR_API_URL: linear.apiUrl },
    act,
    state: () => linearState(linear, issue, person),
    async close() {
      unsubscribe();
      await linear.close();
    },
  };
}

/** The webhook Linear sends for the action; null for an answer or Stop before any session. */
function agentSessionEvent(
  linear: FakeLinear,
  issue: FakeLinearIssue,
  person: FakeLinearUser,
  action: LinearPaneAction,
) {
  const { store } = linear;
  if (action.type === "assign") {
    issue.delegateId = store.appUser.id;
    const session = store.seedAgentSession(issue.id);
    return buildAgentSessionEvent("created", {
      store,
      issue,
      agentSessionId: session.id,
      creatorId: person.id,
    });
  }
  const session = [...store.agentSessions.values()].filter((s) => s.issueId === issue.id).at(-1);
  if (!session) return null;
  const stop = action.type === "stop";
  const body = stop ? "" : action.body;
  // Linear shows what the person wrote in the session as a prompt activity.
  store.activities.push({
    id: randomUUID(),
    agentSessionId: session.id,
    content: { type: "prompt", body },
    ephemeral: false,
    signal: stop ? "stop" : null,
    signalMetadata: null,
  });
  return buildAgentSessionEvent("prompted", {
    store,
    issue,
    agentSessionId: session.id,
    creatorId: person.id,
    body,
    ...(stop ? { signal: "stop" as const } : {}),
  });
}

function linearState(linear: FakeLinear, issue: FakeLinearIssue, person: FakeLinearUser) {
  const { store } = linear;
  const team = store.teams.get(issue.teamId);
  const nameOf = (id: string | null) => (id ? (store.users.get(id)?.name ?? null) : null);
  return {
    person: person.name,
    issue: {
      identifier: issue.identifier,
      title: issue.title,
      description: issue.description,
      state: team?.states.find((state) => state.id === issue.stateId)?.name ?? "",
      assignee: nameOf(issue.assigneeId),
      delegate: nameOf(issue.delegateId),
      team: team?.name ?? "",
    },
    sessions: [...store.agentSessions.values()]
      .filter((session) => session.issueId === issue.id)
      .map((session) => ({
        id: session.id,
        externalLink: session.externalLink,
        activities: store.activities
          .filter((activity) => activity.agentSessionId === session.id)
          .map(({ id, content, ephemeral, signal, signalMetadata }) => ({
            id,
            content,
            ephemeral,
            signal,
            signalMetadata,
          })),
      })),
  };
}
