import type { SessionRequest } from "@baton/core";
import { describe, expect, it } from "vitest";
import { SLACK_CONTEXT_KEYS } from "../policy/slack-context.js";
import { slackRoutingPlace } from "./slack-routing-place.js";

function slackRequest(channelId: string, context: Record<string, string> = {}): SessionRequest {
  return {
    version: 1,
    id: "t_1",
    deliveryId: "Ev1",
    conversation: { platform: "slack", teamId: "T1", channelId, threadTs: "1.1" },
    actor: { platform: "slack", id: "U1" },
    text: "fix it",
    attachments: [],
    hints: {},
    context,
    receivedAt: "2026-01-01T00:00:00.000Z",
  };
}

describe("slackRoutingPlace", () => {
  it("is the channel, written where the catalog keeps a channel's target", () => {
    expect(
      slackRoutingPlace(slackRequest("C0PAY", { [SLACK_CONTEXT_KEYS.channelName]: "payments" })),
    ).toEqual({
      key: "slack:C0PAY",
      label: "#payments",
      catalogPath: ["slack", "channels", "C0PAY", "target"],
    });
    // Without the name, Slack's own channel reference shows it.
    expect(slackRoutingPlace(slackRequest("C0PAY"))?.label).toBe("<#C0PAY>");
  });

  it("is nothing for a direct message: one person's habit is nobody else's routing", () => {
    expect(slackRoutingPlace(slackRequest("D0ADA"))).toBeUndefined();
    expect(slackRoutingPlace(slackRequest("C0X", { "slack.channelType": "im" }))).toBeUndefined();
  });
});
