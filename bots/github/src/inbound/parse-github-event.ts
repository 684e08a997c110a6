import { type ControlWord, parseControlWord } from "@baton/core";
import { findBatonMention } from "./find-baton-mention.js";
import {
  GITHUB_EVENT_ACTIONS,
  GITHUB_EVENT_SCHEMAS,
  type GithubEvent,
  type GithubEventName,
  type GithubPullRequest,
} from "./github-event-schemas.js";
import type { GithubPlace, GithubTrigger, UntrustedGithubText } from "./github-trigger.js";

/** What a label or auto-review asks for when nobody wrote a request. */
export const DEFAULT_INSTRUCTIONS = {
  issue: "Work on this issue: find the cause, make the change, and open a pull request.",
  pullRequest: "Review this pull request: point out bugs, risks and missing tests, with file and line.",
} as const;

export type GithubEventParse =
  | { kind: "ignored"; reason: string }
  | { kind: "invalid"; reason: "wrong_schema" }
  | { kind: "control"; word: ControlWord; trigger: GithubTrigger }
  /** `@baton always env:checkout`: an answer to Baton's offer to keep the repository's habit. */
  | { kind: "always"; targetRef: string; trigger: GithubTrigger }
  | { kind: "prompt"; trigger: GithubTrigger };

// The whole instruction, so that "always fails on Safari" (two words after it) stays a request.
const ALWAYS_ANSWER = /^always\s+(env:[\w.-]+?|[\w.-]+\/[\w.-]+?)[.!]?$/i;

function isGithubEventName(name: string): name is GithubEventName {
  return Object.hasOwn(GITHUB_EVENT_SCHEMAS, name);
}

/**
 * Reads a verified webhook: which event asks Baton for what. Pure: no API calls, so that the
 * answer to GitHub waits only for Redis.
 */
export function parseGithubEvent(name: string, json: unknown, mention: string): GithubEventParse {
  if (!isGithubEventName(name)) return { kind: "ignored", reason: `event_${name}` };
  const action = (json as { action?: unknown } | null)?.action;
  if (typeof action !== "string" || !GITHUB_EVENT_ACTIONS[name].has(action))
    return { kind: "ignored", reason: `action_${String(action)}` };
  const parsed = GITHUB_EVENT_SCHEMAS[name].safeParse(json);
  if (!parsed.success) return { kind: "invalid", reason: "wrong_schema" };
  const event = { name, payload: parsed.data } as GithubEvent;
  // Bots (Baton's own comments included) never start work.
  if (event.payload.sender.type === "Bot") return { kind: "ignored", reason: "sender_is_bot" };
  const trigger = readTrigger(event, mention);
  if (!trigger) return { kind: "ignored", reason: "no_trigger" };
  const word = trigger.kind === "mention" ? parseControlWord(trigger.instruction) : null;
  if (word) return { kind: "control", word, trigger };
  const always = trigger.kind === "mention" ? ALWAYS_ANSWER.exec(trigger.instruction) : null;
  return always?.[1] ? { kind: "always", targetRef: always[1], trigger } : { kind: "prompt", trigger };
}

function placeOf(event: GithubEvent, number: number, isPullRequest: boolean, url: string): GithubPlace {
  const { repository, installation } = event.payload;
  return {
    installationId: installation.id,
    owner: repository.owner.login,
    repo: repository.name,
    number,
    isPullRequest,
    url,
  };
}

function pullText(pull: GithubPullRequest, repo: string): UntrustedGithubText {
  const headRepo = pull.head.repo?.full_name;
  const fromFork = headRepo === undefined || headRepo.toLowerCase() !== repo.toLowerCase();
  return {
    title: pull.title,
    body: pull.body ?? "",
    ...(fromFork ? { fork: { headRepo: headRepo ?? "a deleted repository", headRef: pull.head.ref } } : {}),
  };
}

function readTrigger(event: GithubEvent, mention: string): GithubTrigger | null {
  const { sender, repository } = event.payload;
  const actor = { login: sender.login, id: sender.id };
  const repo = repository.full_name;
  switch (event.name) {
    case "issue_comment": {
      const { issue, comment } = event.payload;
      const found = findBatonMention(comment.body, mention);
      if (!found.found) return null;
      const isPullRequest = Boolean(issue.pull_request);
      return {
        kind: "mention",
        place: placeOf(event, issue.number, isPullRequest, issue.html_url),
        reply: { kind: "issue_comment", commentId: comment.id },
        actor,
        instruction: found.instruction,
        untrusted: { title: issue.title, body: issue.body ?? "" },
      };
    }
    case "pull_request_review_comment": {
      const { pull_request: pull, comment } = event.payload;
      const found = findBatonMention(comment.body, mention);
      if (!found.found) return null;
      return {
        kind: "mention",
        place: placeOf(event, pull.number, true, pull.html_url),
        reply: { kind: "review_comment", commentId: comment.id },
        actor,
        instruction: found.instruction,
        untrusted: {
          ...pullText(pull, repo),
          review: {
            path: comment.path,
            line: comment.line ?? comment.original_line ?? null,
            diffHunk: comment.diff_hunk,
          },
        },
      };
    }
    case "pull_request_review": {
      const { pull_request: pull, review } = event.payload;
      const found = findBatonMention(review.body, mention);
      if (!found.found) return null;
      return {
        kind: "mention",
        place: placeOf(event, pull.number, true, pull.html_url),
        reply: { kind: "review", reviewId: review.id },
        actor,
        instruction: found.instruction,
        untrusted: pullText(pull, repo),
      };
    }
    case "issues":
      return readIssueTrigger(event, mention, actor);
    case "pull_request":
      return readPullRequestTrigger(event, mention, actor, repo);
  }
}

type GithubActor = GithubTrigger["actor"];

/** An issue labelled, or opened with a mention. */
function readIssueTrigger(
  event: Extract<GithubEvent, { name: "issues" }>,
  mention: string,
  actor: GithubActor,
): GithubTrigger | null {
  const { issue, label, action } = event.payload;
  const place = placeOf(event, issue.number, false, issue.html_url);
  const untrusted = { title: issue.title, body: issue.body ?? "" };
  if (action === "labeled" && label)
    return {
      kind: "label",
      label: label.name,
      place,
      reply: { kind: "issue" },
      actor,
      instruction: DEFAULT_INSTRUCTIONS.issue,
      untrusted,
    };
  const found = findBatonMention(issue.body, mention);
  if (action !== "opened" || !found.found) return null;
  return {
    kind: "mention",
    place,
    reply: { kind: "issue" },
    actor,
    instruction: found.instruction,
    untrusted,
  };
}

/** A pull request labelled, opened with a mention, or ready for an automatic review. */
function readPullRequestTrigger(
  event: Extract<GithubEvent, { name: "pull_request" }>,
  mention: string,
  actor: GithubActor,
  repo: string,
): GithubTrigger | null {
  const { pull_request: pull, label, action } = event.payload;
  const place = placeOf(event, pull.number, true, pull.html_url);
  const untrusted = pullText(pull, repo);
  const reply = { kind: "pull_request" as const };
  if (action === "labeled")
    return label
      ? {
          kind: "label",
          label: label.name,
          place,
          reply,
          actor,
          instruction: DEFAULT_INSTRUCTIONS.pullRequest,
          untrusted,
        }
      : null;
  const found = action === "opened" ? findBatonMention(pull.body, mention) : { found: false as const };
  if (found.found) return { kind: "mention", place, reply, actor, instruction: found.instruction, untrusted };
  // A draft is not ready for review; `ready_for_review` brings it back.
  if (pull.draft) return null;
  return {
    kind: "auto_review",
    place,
    reply,
    actor,
    instruction: DEFAULT_INSTRUCTIONS.pullRequest,
    untrusted,
  };
}
