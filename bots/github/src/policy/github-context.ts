import type { ClassifierContext } from "@baton/core";

/**
 * The `SessionRequest.context` keys of a GitHub request, none trusted:
 * - `github.repository`: `owner/name` of the repository the event came from
 * - `github.title`: the pull request's or issue's title
 */
export const GITHUB_CONTEXT_KEYS = {
  repository: "github.repository",
  title: "github.title",
} as const;

// The title is the request's subject; the repository is already the mapping's answer.
export const GITHUB_CLASSIFIER_CONTEXT: ClassifierContext = {
  keys: [GITHUB_CONTEXT_KEYS.repository, GITHUB_CONTEXT_KEYS.title],
  weights: [{ key: GITHUB_CONTEXT_KEYS.title, weight: 1 }],
};
