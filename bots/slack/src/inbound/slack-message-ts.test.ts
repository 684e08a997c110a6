import type { SessionRequest } from "@baton/core";
import { describe, expect, it } from "vitest";
import { slackMessageTs } from "./slack-message-ts.js";

const base = {
  version: 1,
  id: "t_1",
  deliveryId: "Ev1",
  conversation: { platform: "slack", teamId: "T1", channelId: "C1", threadTs: "1.1" },
  actor: { platform: "slack", id: "U1" },
  text: "hi",
  attachments: [],
  hints: {},
  context: {},
  receivedAt: "2026-01-01T00:00:00.000Z",
} satisfies SessionRequest;

describe("slackMessageTs", () => {
  it("reads the typed reply address", () => {
    expect(slackMessageTs({ ...base, replyTo: { platform: "slack", messageTs: "2.2" } })).toBe("2.2");
  });

  it("still finds the message of a turn an older Baton queued, and null when none is named", () => {
    expect(slackMessageTs({ ...base, context: { "slack.messageTs": "3.3" } })).toBe("3.3");
    expect(slackMessageTs(base)).toBeNull();
  });
});
