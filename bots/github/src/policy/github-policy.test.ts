import {
  type ConversationOf,
  type ConversationRef,
  conversationKey,
  createPlatformPolicies,
  createQueueKeyResolver,
  createRedisKeys,
  createSessionStore,
  type SessionStore,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { githubPolicy } from "./github-policy.js";

const slackThread: ConversationRef = { platform: "slack", teamId: "T1", channelId: "C1", threadTs: "1.1" };
const onPullRequest = (number: number): ConversationOf<"github"> => ({
  platform: "github",
  installationId: 7,
  owner: "acme",
  repo: "api",
  number,
});

describe("GitHub's policy: a pull request a session made joins that session", () => {
  let redis: TestRedis;
  let sessions: SessionStore;
  beforeEach(async () => {
    redis = await createTestRedis("github-policy");
    sessions = createSessionStore({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
  });
  afterEach(() => redis.cleanup());

  it("names the conversation's item as the pull request to look up", () => {
    expect(githubPolicy.pullRequestOf?.(onPullRequest(12))).toEqual({
      owner: "acme",
      repo: "api",
      number: 12,
    });
  });

  it("queues a comment on the session's pull request behind the session's own conversation", async () => {
    const session = await sessions.open({
      conversation: slackThread,
      conversationKey: conversationKey(slackThread),
      target: { kind: "repository", repo: "acme/api" },
      backend: "plan",
      requester: { platform: "slack", id: "U1" },
    });
    await sessions.linkPullRequest({ owner: "acme", repo: "api", number: 12 }, session.id);
    const queueKeyOf = createQueueKeyResolver(sessions, createPlatformPolicies([githubPolicy]));

    expect(await queueKeyOf(onPullRequest(12))).toBe(conversationKey(slackThread));
    // Another number of the same repository is its own conversation.
    expect(await queueKeyOf(onPullRequest(13))).toBe(conversationKey(onPullRequest(13)));
    // Without GitHub's policy nothing names a pull request, so nothing links.
    const unlinked = createQueueKeyResolver(sessions, createPlatformPolicies([]));
    expect(await unlinked(onPullRequest(12))).toBe(conversationKey(onPullRequest(12)));
  });
});
