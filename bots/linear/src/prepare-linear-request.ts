import { formatContextList, type MappingIndex, type SessionRequest } from "@baton/core";
import type { LinearApi } from "./client/create-linear-api.js";
import { buildIssuePrompt } from "./inbound/build-issue-prompt.js";
import { markUntrusted } from "./inbound/mark-untrusted.js";
import { LINEAR_PROMPT_SOURCES } from "./inbound/parse-agent-session-event.js";
import { LINEAR_CONTEXT_KEYS } from "./policy/linear-context.js";

/**
 * Runs in the worker, before a new Linear session is classified: reads the issue (one query) for
 * what the webhook does not carry: its project, labels and latest comments. A prompt built from
 * the issue (no `promptContext`) gets its labels and comments. Then Linear's own order applies:
 * a project mapping, else a team mapping (with label filters) decides the target before anything
 * the text names; without one, the classifier's ladder runs as usual.
 */
export async function prepareLinearRequest({
  request,
  api,
  mappings,
}: {
  request: SessionRequest;
  api: LinearApi;
  mappings: MappingIndex;
}): Promise<SessionRequest> {
  const { conversation } = request;
  if (conversation.platform !== "linear") return request;
  // The gateway marks the request that opened the session; follow-ups keep their session's target
  // and their own words, whatever their text says.
  const openedFrom = request.replyTo?.platform === "linear" ? request.replyTo.openedFrom : undefined;
  // A session outside an issue has only its promptContext: nothing to read, nothing to map by.
  if (!openedFrom || !conversation.issueId) return request;
  const fromIssue = openedFrom === "issue";

  const issue = await api.issueContext(conversation.issueId);
  const labels = issue.labels.nodes.map((label) => label.name);
  const context: Record<string, string> = {
    ...request.context,
    [LINEAR_CONTEXT_KEYS.title]: issue.title,
    [LINEAR_CONTEXT_KEYS.team]: issue.team.key,
    [LINEAR_CONTEXT_KEYS.teamName]: issue.team.name,
  };
  if (issue.description) context[LINEAR_CONTEXT_KEYS.description] = issue.description;
  if (labels.length > 0) context[LINEAR_CONTEXT_KEYS.labels] = formatContextList(labels);
  if (issue.project) context[LINEAR_CONTEXT_KEYS.project] = issue.project.name;
  const text = fromIssue
    ? markUntrusted(
        LINEAR_PROMPT_SOURCES.issue(issue.identifier),
        buildIssuePrompt({
          identifier: issue.identifier,
          title: issue.title,
          description: issue.description,
          labels,
          comments: issue.comments.nodes.map((comment) => comment.body),
        }),
      )
    : request.text;
  const prepared: SessionRequest = { ...request, text, context };
  const mapped = request.hints.target ? undefined : mappings.mapRequest(prepared);
  if (!mapped) return prepared;
  return {
    ...prepared,
    hints: { ...prepared.hints, target: { text: mapped.reason, target: mapped.target } },
  };
}
