import { z } from "zod";

export const REPOSITORY_NAME_PATTERN = /^[\w.-]+\/[\w.-]+$/;

export const targetSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("repository"),
    repo: z.string().regex(REPOSITORY_NAME_PATTERN),
    branch: z.string().min(1).optional(),
  }),
  z.object({ kind: z.literal("environment"), id: z.string().min(1) }),
  z.object({ kind: z.literal("none") }),
]);
export type Target = z.infer<typeof targetSchema>;

/** What the text itself says about the target ("in acme/api", "env:checkout", "no repo"). */
export const targetHintSchema = z.object({
  text: z.string().min(1),
  target: targetSchema.optional(),
  /**
   * Set when the place implied the target (the repository a comment was made in) rather than the person naming it:
   * it opens a new session there, but never retargets an existing one.
   */
  implied: z.boolean().optional(),
  /**
   * With `implied`: nothing written chose it (the place itself, with no default configured), so an
   * environment around it that people in the place learned to prefer goes first.
   */
  yieldsToLearning: z.boolean().optional(),
});
export type TargetHint = z.infer<typeof targetHintSchema>;

export const decisionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("chosen"),
    target: targetSchema,
    via: z.enum(["explicit", "rule", "mapping", "only", "llm", "lexical", "learned", "sticky", "person"]),
    confidence: z.enum(["high", "medium"]),
    reason: z.string(),
  }),
  z.object({ kind: z.literal("ask"), candidates: z.array(targetSchema).min(1), reason: z.string() }),
]);
export type Decision = z.infer<typeof decisionSchema>;
export type AskDecision = Extract<Decision, { kind: "ask" }>;

/** A stable id for a target, as used in routing rules and pickers: `owner/name`, `env:<id>` or `none`. */
export function targetId(target: Target): string {
  switch (target.kind) {
    case "repository":
      return target.branch ? `${target.repo}#${target.branch}` : target.repo;
    case "environment":
      return `env:${target.id}`;
    case "none":
      return "none";
  }
}

/** A label people read: `acme/api`, `environment checkout`, `no repository`. */
export function describeTarget(target: Target): string {
  switch (target.kind) {
    case "repository":
      return target.branch ? `${target.repo} (${target.branch})` : target.repo;
    case "environment":
      return `environment ${target.id}`;
    case "none":
      return "no repository";
  }
}
