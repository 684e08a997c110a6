import { type ConversationRef, requestIdForDelivery, type SessionRequest } from "@baton/core";
import { LINEAR_CONTEXT_KEYS } from "../policy/linear-context.js";
import type { AgentSessionEvent } from "./agent-session-event-schema.js";
import { buildIssuePrompt } from "./build-issue-prompt.js";
import { markUntrusted } from "./mark-untrusted.js";

/**
 * Where a new session's prompt came from, named in its untrusted-input tag for the agent. The
 * worker learns it from the request's `replyTo.openedFrom`, never from this text.
 */
export const LINEAR_PROMPT_SOURCES = {
  issue: (identifier: string) => `linear-issue:${identifier}`,
  promptContext: (identifier: string) => `linear-prompt-context:${identifier}`,
} as const;

/** What one verified `AgentSessionEvent` asks of Baton. */
export type AgentSessionEventParse =
  /** Built here field by field from a validated event, so it needs no second validation. */
  | { kind: "request"; action: "created" | "prompted"; request: SessionRequest }
  /** The person pressed Stop in Linear. */
  | {
      kind: "stop";
      conversation: ConversationRef;
      actorId: string | undefined;
      /** Where Linear sent it: an access policy may list people by email. */
      actorEmail?: string;
    }
  | { kind: "ignored"; reason: "unknown_action" | "nothing_to_work_on" | "empty_prompt" };

/** An automation (no human creator) still needs an actor: the app user it ran as. */
function actorOf(event: AgentSessionEvent, action: "created" | "prompted") {
  const person =
    action === "prompted"
      ? { id: event.agentActivity?.userId ?? event.agentActivity?.user?.id, user: event.agentActivity?.user }
      : {
          id: event.agentSession.creatorId ?? event.agentSession.creator?.id,
          user: event.agentSession.creator,
        };
  return {
    platform: "linear" as const,
    id: person.id ?? event.appUserId,
    ...(person.user?.name ? { name: person.user.name } : {}),
    ...(person.user?.email ? { email: person.user.email } : {}),
  };
}

/** Who opened the agent session, as its first request's actor: Baton's requester for it. */
export function sessionRequesterId(event: AgentSessionEvent): string {
  return actorOf(event, "created").id;
}

/**
 * Turns a verified `AgentSessionEvent` into a session request (or a stop). Pure: nothing here
 * talks to Linear or Redis. The prompt of a new session is Linear's `promptContext` when it sent
 * one, else the issue as the webhook carries it; both are marked as untrusted input. The worker
 * adds the issue's project, labels and comments before it classifies.
 */
export function parseAgentSessionEvent(
  event: AgentSessionEvent,
  deliveryId: string,
  now: Date,
): AgentSessionEventParse {
  const action = event.action;
  if (action !== "created" && action !== "prompted") return { kind: "ignored", reason: "unknown_action" };
  const issue = event.agentSession.issue;
  const issueId = event.agentSession.issueId ?? issue?.id ?? undefined;
  // A session outside an issue (Linear's agent chat) is keyed by the agent session alone.
  const conversation: ConversationRef = {
    platform: "linear",
    organizationId: event.organizationId,
    ...(issueId ? { issueId } : {}),
    agentSessionId: event.agentSession.id,
  };
  const where = issue?.identifier ?? issueId ?? `agent-session:${event.agentSession.id}`;
  const actor = actorOf(event, action);
  if (action === "prompted" && event.agentActivity?.signal === "stop")
    return {
      kind: "stop",
      conversation,
      actorId: actor.id,
      ...(actor.email ? { actorEmail: actor.email } : {}),
    };

  let text: string;
  let openedFrom: "issue" | "prompt_context" | undefined;
  if (action === "prompted") {
    text = event.agentActivity?.content.body?.trim() ?? "";
    if (!text) return { kind: "ignored", reason: "empty_prompt" };
  } else if (event.promptContext?.trim()) {
    openedFrom = "prompt_context";
    text = markUntrusted(LINEAR_PROMPT_SOURCES.promptContext(where), event.promptContext);
  } else if (!issueId) {
    return { kind: "ignored", reason: "nothing_to_work_on" };
  } else {
    openedFrom = "issue";
    text = markUntrusted(
      LINEAR_PROMPT_SOURCES.issue(where),
      buildIssuePrompt({
        identifier: where,
        title: issue?.title ?? "",
        description: issue?.description,
      }),
    );
  }

  const commentId = event.agentActivity?.sourceCommentId ?? event.agentSession.commentId ?? undefined;
  const context: Record<string, string> = {};
  if (issue?.title) context[LINEAR_CONTEXT_KEYS.title] = issue.title;
  if (issue?.description) context[LINEAR_CONTEXT_KEYS.description] = issue.description;
  if (issue?.team) {
    context[LINEAR_CONTEXT_KEYS.team] = issue.team.key;
    context[LINEAR_CONTEXT_KEYS.teamName] = issue.team.name;
  }
  return {
    kind: "request",
    action,
    request: {
      version: 1,
      id: requestIdForDelivery("linear", deliveryId),
      deliveryId,
      conversation,
      actor,
      text,
      attachments: [],
      hints: {},
      replyTo: {
        platform: "linear",
        agentSessionId: event.agentSession.id,
        ...(commentId ? { commentId } : {}),
        ...(openedFrom ? { openedFrom } : {}),
      },
      context,
      receivedAt: now.toISOString(),
    },
  };
}
