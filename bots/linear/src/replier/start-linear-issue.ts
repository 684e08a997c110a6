import type { LinearApi, LinearIssueContext } from "../client/create-linear-api.js";

/** State types that mean nobody has started the issue yet. */
const NOT_STARTED_STATE_TYPES = new Set(["triage", "backlog", "unstarted"]);

export type StartIssueResult =
  | { kind: "updated"; movedTo?: string; delegated: boolean }
  | { kind: "unchanged" };

/**
 * What Linear's agent guidelines ask of an agent that takes an issue: move it to the team's first
 * "started" state (the lowest position) unless it is already started or done, and delegate it to
 * the agent unless it already is.
 */
export async function startLinearIssue(
  api: LinearApi,
  issueId: string,
  agentUserId: string | undefined,
  /** The issue as the turn read it a moment ago, if it did: then it is not read again. */
  known?: LinearIssueContext,
): Promise<StartIssueResult> {
  const issue = known ?? (await api.issueContext(issueId));
  const input: { stateId?: string; delegateId?: string } = {};
  let movedTo: string | undefined;
  if (!issue.state || NOT_STARTED_STATE_TYPES.has(issue.state.type)) {
    const started = issue.team.states.nodes
      .filter((state) => state.type === "started")
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))[0];
    if (started && started.id !== issue.state?.id) {
      input.stateId = started.id;
      movedTo = started.name;
    }
  }
  if (agentUserId && issue.delegate?.id !== agentUserId) input.delegateId = agentUserId;
  if (!input.stateId && !input.delegateId) return { kind: "unchanged" };
  await api.updateIssue(issueId, input);
  return { kind: "updated", ...(movedTo ? { movedTo } : {}), delegated: input.delegateId !== undefined };
}
