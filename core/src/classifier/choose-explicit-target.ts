import type { SessionRequest } from "../schemas/session-request.js";
import { type Decision, describeTarget, type Target, type TargetHint, targetId } from "../schemas/target.js";
import { type ExplicitMention, findExplicitMentions } from "./find-explicit-mentions.js";
import type { CatalogIndex } from "./index-catalog.js";

/** Either a decision, or the targets the text named for the picker when it named several. */
export type ExplicitOutcome =
  /** `weak`: named only by an alias or a link, which a mapping that disagrees should question. */
  | { kind: "decided"; decision: Extract<Decision, { kind: "chosen" }>; weak: boolean }
  | { kind: "conflict"; targets: Target[]; reason: string }
  | { kind: "unknown"; text: string }
  | { kind: "silent" };

/**
 * Step 1 of the ladder: the request names its target. A hint (a `!repo`/`!env` flag, or what the
 * inbound adapter read) wins; then the prompt's mentions, strong ones before aliases and links.
 * Several repositories that one environment holds choose that environment; any other mix is a
 * conflict to ask about, never a guess.
 */
export function chooseExplicitTarget(
  hints: SessionRequest["hints"],
  prompt: string,
  index: CatalogIndex,
): ExplicitOutcome {
  const hint: TargetHint | undefined = hints.target;
  if (hint) {
    const target = hint.target ?? index.mentions.resolveLoosely(hint.text);
    if (!target) return { kind: "unknown", text: hint.text };
    return decided(target, namesReason(target, hint.text));
  }

  const mentions = findExplicitMentions(prompt, index.mentions);
  const strong = mentions.filter((m) => m.strength === "strong");
  const named = strong.length > 0 ? strong : mentions;
  const [only, ...others] = named;
  if (!only) return { kind: "silent" };
  if (others.length === 0) return decided(only.target, reasonFor(only), "high", only.strength === "weak");

  const targets = named.map((m) => m.target);
  const listed = named.map((m) => `"${m.text}"`).join(", ");
  const repositories = targets.flatMap((t) => (t.kind === "repository" ? [t.repo] : []));
  const environments = targets.filter((t) => t.kind === "environment");
  const noneNamed = targets.some((t) => t.kind === "none");
  if (!noneNamed && environments.length <= 1) {
    const holding = environmentsHoldingAll(repositories, index).filter(
      (env) => environments.length === 0 || targetId(env) === targetId(environments[0] as Target),
    );
    if (holding.length === 1) {
      const environment = holding[0] as Target;
      return decided(
        environment,
        `The request names ${listed}, which ${describeTarget(environment)} holds together.`,
        "medium",
      );
    }
  }
  return {
    kind: "conflict",
    targets: [...targets, ...environmentsHoldingAll(repositories, index)],
    reason: `The request names several targets (${listed}).`,
  };
}

function environmentsHoldingAll(repositories: readonly string[], index: CatalogIndex): Target[] {
  const [first, ...rest] = repositories;
  if (!first) return [];
  return index.environmentsContaining(first).filter((env) => {
    const members = new Set(
      index.environmentEntry(targetId(env).slice("env:".length))?.repositories.map((r) => r.toLowerCase()),
    );
    return rest.every((repo) => members.has(repo.toLowerCase()));
  });
}

function reasonFor(mention: ExplicitMention): string {
  const { target, text } = mention;
  if (target.kind === "none") return `The request says it needs no repository ("${text}").`;
  if (mention.strength === "weak" && !text.includes("/")) {
    return `The request calls ${describeTarget(target)} by its alias "${text}".`;
  }
  return namesReason(target, text);
}

function namesReason(target: Target, text: string): string {
  const quoted = text.toLowerCase() === targetId(target).toLowerCase() ? "" : ` ("${text}")`;
  return `The request names ${describeTarget(target)}${quoted}.`;
}

function decided(
  target: Target,
  reason: string,
  confidence: "high" | "medium" = "high",
  weak = false,
): Extract<ExplicitOutcome, { kind: "decided" }> {
  return { kind: "decided", decision: { kind: "chosen", target, via: "explicit", confidence, reason }, weak };
}
