import type { ClassifierContext } from "@baton/core";

/**
 * The `SessionRequest.context` keys of a Linear request (from the webhook, then the issue read in
 * the worker), none trusted:
 * - `linear.title`, `linear.description`: the title and description
 * - `linear.labels`: label names, one per line (`formatContextList`)
 * - `linear.team`: the team key, e.g. `ENG` (`linear.teamName` for its name)
 * - `linear.project`: the project's name
 */
export const LINEAR_CONTEXT_KEYS = {
  title: "linear.title",
  description: "linear.description",
  labels: "linear.labels",
  team: "linear.team",
  teamName: "linear.teamName",
  project: "linear.project",
} as const;

// The title is the request's subject ("please take this" says nothing); labels and the project
// are strong hints; a long description drifts to other topics.
export const LINEAR_CLASSIFIER_CONTEXT: ClassifierContext = {
  keys: Object.values(LINEAR_CONTEXT_KEYS),
  weights: [
    { key: LINEAR_CONTEXT_KEYS.title, weight: 1 },
    { key: LINEAR_CONTEXT_KEYS.labels, weight: 0.7 },
    { key: LINEAR_CONTEXT_KEYS.project, weight: 0.6 },
    { key: LINEAR_CONTEXT_KEYS.description, weight: 0.5 },
    { key: LINEAR_CONTEXT_KEYS.teamName, weight: 0.5 },
    { key: LINEAR_CONTEXT_KEYS.team, weight: 0.5 },
  ],
  subject: LINEAR_CONTEXT_KEYS.title,
};
