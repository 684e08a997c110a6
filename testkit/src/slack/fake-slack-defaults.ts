/**
 * Who the fake Slack workspace says it is. The event builders use the same ids by default, so an
 * event built for a test and the fake's `auth.test` answer agree without extra wiring.
 */
export interface FakeSlackIdentity {
  teamId: string;
  teamName: string;
  /** The `<domain>.slack.com` part of workspace URLs and permalinks. */
  teamDomain: string;
  /** The bot's user id (U…): what `auth.test` returns as `user_id` and mentions look like. */
  botUserId: string;
  /** The bot id (B…) stamped on messages the bot posts. */
  botId: string;
  botName: string;
  appId: string;
  /** Author of seeded messages that name neither a user nor a bot. */
  userId: string;
}

export const FAKE_SLACK_DEFAULTS: Readonly<FakeSlackIdentity> = Object.freeze({
  teamId: "T0FAKETEAM",
  teamName: "Fake Team",
  teamDomain: "fake-team",
  botUserId: "U0FAKEBOT",
  botId: "B0FAKEBOT",
  botName: "baton",
  appId: "A0FAKEAPP",
  userId: "U0FAKEUSER",
});
