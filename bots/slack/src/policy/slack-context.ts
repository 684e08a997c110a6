import type { ClassifierContext } from "@baton/core";

/**
 * The `SessionRequest.context` keys of a Slack request (filled by the context provider in the
 * worker), none trusted:
 * - `slack.channelName`: the channel's name without `#`, e.g. `payments-eng`
 * - `slack.channelTopic`: its topic or purpose
 * - `slack.thread`: the thread's last messages before this one, oldest first, one per line
 */
export const SLACK_CONTEXT_KEYS = {
  channelName: "slack.channelName",
  channelTopic: "slack.channelTopic",
  thread: "slack.thread",
} as const;

// A channel's name is a strong hint; old thread messages drift to other topics, unless the
// request points back at them ("can you fix it?"), and then the thread is its subject.
export const SLACK_CLASSIFIER_CONTEXT: ClassifierContext = {
  keys: [SLACK_CONTEXT_KEYS.channelName, SLACK_CONTEXT_KEYS.channelTopic, SLACK_CONTEXT_KEYS.thread],
  weights: [
    { key: SLACK_CONTEXT_KEYS.channelName, weight: 0.7 },
    { key: SLACK_CONTEXT_KEYS.channelTopic, weight: 0.5, referredTo: 0.8 },
    { key: SLACK_CONTEXT_KEYS.thread, weight: 0.4, referredTo: 1 },
  ],
};
