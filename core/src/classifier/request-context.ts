/**
 * Keys of `SessionRequest.context` that the classifier reads. Inbound adapters fill the ones their
 * platform has; all are optional, and none is trusted (they are written by people).
 *
 * | key | platform | value |
 * | --- | --- | --- |
 * | `slack.channelName` | Slack | channel name without `#`, e.g. `payments-eng` |
 * | `slack.channelTopic` | Slack | the channel's topic or purpose |
 * | `slack.thread` | Slack | the last messages of the thread before this one, oldest first, one per line |
 * | `linear.title`, `linear.description` | Linear | the title and description |
 * | `linear.labels` | Linear | label names, one per line (see `formatContextList`) |
 * | `linear.team` | Linear | the team key, e.g. `ENG` (`linear.teamName` for its name) |
 * | `linear.project` | Linear | the project name |
 * | `github.repository` | GitHub | `owner/name` of the repository the event came from |
 * | `github.title` | GitHub | the pull request's or issue's title |
 */
export const REQUEST_CONTEXT_KEYS = {
  slackChannelName: "slack.channelName",
  slackChannelTopic: "slack.channelTopic",
  slackThread: "slack.thread",
  linearTitle: "linear.title",
  linearDescription: "linear.description",
  linearLabels: "linear.labels",
  linearTeam: "linear.team",
  linearTeamName: "linear.teamName",
  linearProject: "linear.project",
  githubRepository: "github.repository",
  githubTitle: "github.title",
} as const;

/** Joins list values (labels) for a context entry, one per line, since names may contain commas. */
export function formatContextList(values: readonly string[]): string {
  return values.map((value) => value.replace(/[\r\n]+/g, " ").trim()).join("\n");
}

/** Reads a list written by `formatContextList`; an absent key is an empty list. */
export function readContextList(context: Readonly<Record<string, string>>, key: string): string[] {
  const value = context[key];
  if (value === undefined) return [];
  return value
    .split("\n")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
