import {
  type Catalog,
  MAX_PROMPT_CHARS,
  parseRequestText,
  requestIdForDelivery,
  type SessionRequest,
  type Target,
  type TargetHint,
} from "@baton/core";
import { githubCatalogOf } from "../policy/github-catalog.js";
import { describeUntrustedText, labelUntrustedText } from "./describe-untrusted-text.js";
import { conversationOfPlace, type GithubTrigger } from "./github-trigger.js";

/**
 * Where a request works when the person names no target: the repository it was asked in, or
 * that repository's default environment (from the catalog) when the environment contains it.
 */
export function impliedGithubTarget(repo: string, catalog: Catalog): Target {
  const entry = Object.entries(githubCatalogOf(catalog).repositories).find(
    ([name]) => name.toLowerCase() === repo.toLowerCase(),
  );
  const envId = entry?.[1].defaultEnvironment;
  const environment = envId ? catalog.environments.find((env) => env.id === envId) : undefined;
  if (environment?.repositories.some((r) => r.toLowerCase() === repo.toLowerCase()))
    return { kind: "environment", id: environment.id };
  return { kind: "repository", repo };
}

/**
 * The hint a request carries when the person names no target. The bare repository yields to an
 * environment its issues learned to use; a `defaultEnvironment` someone wrote does not.
 */
function impliedHint(repo: string, catalog: Catalog): TargetHint {
  const target = impliedGithubTarget(repo, catalog);
  return {
    text: repo,
    target,
    implied: true,
    ...(target.kind === "repository" ? { yieldsToLearning: true } : {}),
  };
}

/**
 * Turns a trigger into a `SessionRequest`. The person's own words are its text (their flags and
 * named target are read here); the or PR's text is its background, marked as untrusted. The target
 * is always set: named by the person, or implied by the repository, never read from the untrusted
 * text.
 */
export function buildGithubRequest({
  trigger,
  deliveryId,
  receivedAt,
  catalog,
}: {
  trigger: GithubTrigger;
  deliveryId: string;
  receivedAt: Date;
  catalog: Catalog;
}): SessionRequest {
  const { place } = trigger;
  const repo = `${place.owner}/${place.repo}`;
  const { prompt, hints } = parseRequestText(trigger.instruction, catalog);
  // The person's words and the or PR's text travel apart (pages show them apart), and
  // together stay within what one prompt may hold.
  const context = describeUntrustedText(place, trigger.untrusted).slice(0, MAX_PROMPT_CHARS);
  const text = prompt.slice(0, Math.max(0, MAX_PROMPT_CHARS - context.length - 2));
  return {
    version: 1,
    id: requestIdForDelivery("github", deliveryId),
    deliveryId,
    conversation: conversationOfPlace(place),
    actor: {
      platform: "github",
      id: trigger.actor.login,
      accountId: String(trigger.actor.id),
      name: trigger.actor.login,
    },
    text,
    background: [{ label: labelUntrustedText(place, trigger.untrusted), text: context }],
    attachments: [],
    hints: {
      ...hints,
      target: hints.target ?? impliedHint(repo, catalog),
    },
    replyTo: {
      platform: "github",
      ...trigger.reply,
      trigger: trigger.kind,
      ...(trigger.label === undefined ? {} : { label: trigger.label }),
    },
    context: { "github.repository": repo, "github.title": trigger.untrusted.title.slice(0, 500) },
    receivedAt: receivedAt.toISOString(),
  };
}
