import { randomUUID } from "node:crypto";
import { GraphQLError } from "graphql";
import type {
  FakeAgentSession,
  FakeLinearIssue,
  FakeLinearStore,
  FakeLinearTeam,
} from "./fake-linear-store.js";

let lastSyncId = 1_000;

/** Who is asking: an API key is a person's; an OAuth app installed with `actor=app` is the app user. */
export interface FakeLinearRequestContext {
  viewerId: string;
}

/** A Linear "entity not found" error, shaped as Linear sends it (the SDK reads `extensions.type`). */
function notFound(what: string): GraphQLError {
  return new GraphQLError("Entity not found", {
    extensions: { type: "invalid input", code: "INPUT_ERROR", userPresentableMessage: `${what} not found.` },
  });
}

function teamView(team: FakeLinearTeam) {
  return {
    id: team.id,
    key: team.key,
    name: team.name,
    states: () => ({ nodes: team.states }),
  };
}

/**
 * The root value the fake executes documents with: Linear's queries and mutations over the
 * store. Nested fields are plain properties or functions of their arguments (graphql-js's
 * default resolver calls them).
 */
export function createFakeLinearRoot(store: FakeLinearStore) {
  const userView = (id: string | null) => {
    const user = id ? store.users.get(id) : undefined;
    return user ? { ...user, organization: store.organization } : null;
  };
  const issueView = (issue: FakeLinearIssue) => {
    const team = store.teams.get(issue.teamId)!;
    return {
      id: issue.id,
      identifier: issue.identifier,
      title: issue.title,
      description: issue.description,
      url: issue.url,
      team: teamView(team),
      project: issue.project,
      state: team.states.find((s) => s.id === issue.stateId),
      assignee: () => userView(issue.assigneeId),
      delegate: () => userView(issue.delegateId),
      labels: () => ({ nodes: issue.labels.map((name) => ({ id: `label-${name}`, name })) }),
      comments: ({ first, last }: { first?: number; last?: number }) => {
        const all = issue.comments.map((c) => ({ ...c, user: userView(c.userId) }));
        return { nodes: last ? all.slice(-last) : first ? all.slice(0, first) : all };
      },
    };
  };
  const findIssue = (id: string) => {
    const issue = store.issues.get(id) ?? [...store.issues.values()].find((i) => i.identifier === id);
    if (!issue) throw notFound("Issue");
    return issue;
  };
  const findSession = (id: string): FakeAgentSession => {
    const session = store.agentSessions.get(id);
    if (!session) throw notFound("Agent session");
    return session;
  };
  const sessionView = (session: FakeAgentSession) => ({
    id: session.id,
    externalLink: session.externalLink,
    issue: () => (session.issueId === null ? null : issueView(findIssue(session.issueId))),
  });
  const updateSession = (id: string, input: Record<string, unknown>) => {
    const session = findSession(id);
    if (typeof input.externalLink === "string") session.externalLink = input.externalLink;
    if (Array.isArray(input.externalUrls))
      session.externalUrls = input.externalUrls as FakeAgentSession["externalUrls"];
    if (Array.isArray(input.addedExternalUrls))
      session.externalUrls.push(...(input.addedExternalUrls as FakeAgentSession["externalUrls"]));
    return { lastSyncId: ++lastSyncId, success: true, agentSession: sessionView(session) };
  };

  return {
    viewer: (_args: unknown, context: FakeLinearRequestContext) => userView(context.viewerId),
    organization: () => store.organization,
    issue: ({ id }: { id: string }) => issueView(findIssue(id)),
    team: ({ id }: { id: string }) => {
      const team = store.teams.get(id) ?? store.teamByKey(id);
      if (!team) throw notFound("Team");
      return teamView(team);
    },
    agentSession: ({ id }: { id: string }) => sessionView(findSession(id)),
    issueUpdate: ({ id, input }: { id: string; input: Record<string, string | null | undefined> }) => {
      const issue = findIssue(id);
      const team = store.teams.get(issue.teamId)!;
      if (input.stateId !== undefined) {
        if (!team.states.some((s) => s.id === input.stateId)) throw notFound("Workflow state");
        issue.stateId = input.stateId as string;
      }
      if (input.delegateId !== undefined) issue.delegateId = input.delegateId;
      if (input.assigneeId !== undefined) issue.assigneeId = input.assigneeId;
      if (typeof input.title === "string") issue.title = input.title;
      return { lastSyncId: ++lastSyncId, success: true, issue: issueView(issue) };
    },
    agentActivityCreate: ({ input }: { input: Record<string, unknown> }) => {
      const agentSessionId = String(input.agentSessionId);
      findSession(agentSessionId);
      const id = typeof input.id === "string" ? input.id : randomUUID();
      if (store.activities.some((a) => a.id === id))
        throw new GraphQLError("Agent activity already exists", {
          extensions: { type: "invalid input", code: "INPUT_ERROR", userPresentableMessage: "Duplicate id." },
        });
      store.activities.push({
        id,
        agentSessionId,
        content: input.content as Record<string, unknown>,
        ephemeral: input.ephemeral === true,
        signal: typeof input.signal === "string" ? input.signal : null,
        signalMetadata: (input.signalMetadata as Record<string, unknown> | undefined) ?? null,
      });
      return { lastSyncId: ++lastSyncId, success: true, agentActivity: { id } };
    },
    agentSessionUpdate: ({ id, input }: { id: string; input: Record<string, unknown> }) =>
      updateSession(id, input),
    agentSessionUpdateExternalUrl: ({ id, input }: { id: string; input: Record<string, unknown> }) =>
      updateSession(id, input),
    // Linear keeps one attachment per issue and URL: creating it again updates its title.
    attachmentCreate: ({ input }: { input: Record<string, unknown> }) => {
      const issue = findIssue(String(input.issueId));
      const url = String(input.url);
      const subtitle = typeof input.subtitle === "string" ? input.subtitle : null;
      let attachment = store.attachments.find((a) => a.issueId === issue.id && a.url === url);
      if (attachment) Object.assign(attachment, { title: String(input.title), subtitle });
      else {
        attachment = { id: randomUUID(), issueId: issue.id, title: String(input.title), subtitle, url };
        store.attachments.push(attachment);
      }
      return { lastSyncId: ++lastSyncId, success: true, attachment };
    },
  };
}
