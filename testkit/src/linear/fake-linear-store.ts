import { randomUUID } from "node:crypto";

export interface FakeLinearUser {
  id: string;
  name: string;
  displayName: string;
  email: string;
  active: boolean;
  app: boolean;
}

export interface FakeWorkflowState {
  id: string;
  name: string;
  /** Linear's state types: `triage`, `backlog`, `unstarted`, `started`, `completed`, `canceled`. */
  type: string;
  position: number;
}

export interface FakeLinearTeam {
  id: string;
  key: string;
  name: string;
  states: FakeWorkflowState[];
}

export interface FakeLinearComment {
  id: string;
  body: string;
  createdAt: string;
  userId: string | null;
}

export interface FakeLinearIssue {
  id: string;
  identifier: string;
  title: string;
  description: string | null;
  url: string;
  teamId: string;
  project: { id: string; name: string } | null;
  stateId: string;
  assigneeId: string | null;
  delegateId: string | null;
  labels: string[];
  comments: FakeLinearComment[];
}

export interface FakeAgentActivity {
  id: string;
  agentSessionId: string;
  content: Record<string, unknown>;
  ephemeral: boolean;
  signal: string | null;
  signalMetadata: Record<string, unknown> | null;
}

export interface FakeAgentSession {
  id: string;
  /** Null for a session opened outside an issue (Linear's `issue` is optional on agent sessions). */
  issueId: string | null;
  externalLink: string | null;
  externalUrls: Array<{ label: string; url: string }>;
}

export interface SeedIssueInput {
  title: string;
  description?: string | null;
  /** Team key; the fake's default team is `ENG`. */
  team?: string;
  project?: string;
  labels?: string[];
  comments?: string[];
  /** The type of the state the issue starts in (`unstarted` by default). */
  stateType?: string;
  delegateId?: string | null;
  /** The person the issue is assigned to (a seeded user id). */
  assigneeId?: string | null;
}

/** A link attached to an issue, as `attachmentCreate` made it. */
export interface FakeLinearAttachment {
  id: string;
  issueId: string;
  title: string;
  subtitle: string | null;
  url: string;
}

/** The fake workspace: what Linear would hold, as plain records the tests can seed and read. */
export interface FakeLinearStore {
  organization: { id: string; name: string; urlKey: string };
  appUser: FakeLinearUser;
  /** The person whose personal API key the fake accepts (the viewer of API key requests). */
  apiKeyOwner: FakeLinearUser;
  users: Map<string, FakeLinearUser>;
  teams: Map<string, FakeLinearTeam>;
  issues: Map<string, FakeLinearIssue>;
  agentSessions: Map<string, FakeAgentSession>;
  activities: FakeAgentActivity[];
  /** Links attached to issues (`attachmentCreate`), one per issue and URL as on Linear. */
  attachments: FakeLinearAttachment[];
  seedTeam(input: { key: string; name?: string }): FakeLinearTeam;
  seedIssue(input: SeedIssueInput): FakeLinearIssue;
  seedUser(input: { name: string; email?: string }): FakeLinearUser;
  seedAgentSession(issueId: string | null): FakeAgentSession;
  teamByKey(key: string): FakeLinearTeam | undefined;
}

const DEFAULT_STATES: ReadonlyArray<Omit<FakeWorkflowState, "id">> = [
  { name: "Triage", type: "triage", position: 0 },
  { name: "Backlog", type: "backlog", position: 1 },
  { name: "Todo", type: "unstarted", position: 2 },
  // Listed before "In Progress" on purpose: the first started state is the one with the lowest position.
  { name: "In Review", type: "started", position: 4 },
  { name: "In Progress", type: "started", position: 3 },
  { name: "Done", type: "completed", position: 5 },
  { name: "Canceled", type: "canceled", position: 6 },
];

export function createFakeLinearStore(): FakeLinearStore {
  const organization = { id: randomUUID(), name: "Acme", urlKey: "acme" };
  const appUser: FakeLinearUser = {
    id: randomUUID(),
    name: "Baton",
    displayName: "baton",
    email: "baton@oauthapp.linear.app",
    active: true,
    app: true,
  };
  const apiKeyOwner: FakeLinearUser = {
    id: randomUUID(),
    name: "Grace Admin",
    displayName: "grace",
    email: "grace@acme.test",
    active: true,
    app: false,
  };
  const users = new Map<string, FakeLinearUser>([
    [appUser.id, appUser],
    [apiKeyOwner.id, apiKeyOwner],
  ]);
  const teams = new Map<string, FakeLinearTeam>();
  const issues = new Map<string, FakeLinearIssue>();
  const agentSessions = new Map<string, FakeAgentSession>();
  let issueNumber = 0;

  const teamByKey = (key: string) => [...teams.values()].find((team) => team.key === key);

  function seedTeam({ key, name = key }: { key: string; name?: string }): FakeLinearTeam {
    const existing = teamByKey(key);
    if (existing) return existing;
    const team = {
      id: randomUUID(),
      key,
      name,
      states: DEFAULT_STATES.map((s) => ({ ...s, id: randomUUID() })),
    };
    teams.set(team.id, team);
    return team;
  }

  function seedUser({ name, email = `${name.toLowerCase()}@acme.test` }: { name: string; email?: string }) {
    const user = { id: randomUUID(), name, displayName: name.toLowerCase(), email, active: true, app: false };
    users.set(user.id, user);
    return user;
  }

  return {
    organization,
    appUser,
    apiKeyOwner,
    users,
    teams,
    issues,
    agentSessions,
    activities: [],
    attachments: [],
    seedTeam,
    seedUser,
    teamByKey,
    seedIssue(input) {
      const team = seedTeam({ key: input.team ?? "ENG" });
      const state = team.states.find((s) => s.type === (input.stateType ?? "unstarted")) ?? team.states[0]!;
      issueNumber += 1;
      const identifier = `${team.key}-${issueNumber}`;
      const issue: FakeLinearIssue = {
        id: randomUUID(),
        identifier,
        title: input.title,
        description: input.description ?? null,
        url: `https://linear.app/${organization.urlKey}/issue/${identifier.toLowerCase()}`,
        teamId: team.id,
        project: input.project ? { id: randomUUID(), name: input.project } : null,
        stateId: state.id,
        assigneeId: input.assigneeId ?? null,
        delegateId: input.delegateId ?? null,
        labels: input.labels ?? [],
        comments: (input.comments ?? []).map((body, index) => ({
          id: randomUUID(),
          body,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
          userId: null,
        })),
      };
      issues.set(issue.id, issue);
      return issue;
    },
    seedAgentSession(issueId) {
      const session = { id: randomUUID(), issueId, externalLink: null, externalUrls: [] };
      agentSessions.set(session.id, session);
      return session;
    },
  };
}
