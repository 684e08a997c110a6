import {
  createPlatformPolicies,
  createTargetResolver,
  parseCatalog,
  type RequestOf,
  sessionRequestSchema,
} from "@baton/core";
import { describe, expect, it } from "vitest";
import { SLACK_CONTEXT_KEYS } from "./slack-context.js";
import { createSlackMapping } from "./slack-mapping.js";
import { slackPolicy } from "./slack-policy.js";

const catalog = parseCatalog(
  {
    repositories: [{ repo: "acme/web" }, { repo: "acme/payments" }],
    slack: {
      channels: {
        C0PAYMENTS: { target: "acme/payments" },
        "#web-team": { target: "acme/web" },
        C0STALE: { target: "acme/gone" },
      },
    },
  },
  "test",
  createPlatformPolicies([slackPolicy]),
);
const map = createSlackMapping(catalog, createTargetResolver(catalog));

function inChannel(channelId: string, context: Record<string, string> = {}): RequestOf<"slack"> {
  return sessionRequestSchema.parse({
    version: 1,
    id: "r-1",
    deliveryId: "d-1",
    conversation: { platform: "slack", teamId: "T1", channelId, threadTs: "1.1" },
    actor: { platform: "slack", id: "U1" },
    text: "x",
    receivedAt: new Date(0).toISOString(),
    context,
  }) as RequestOf<"slack">;
}

describe("Slack's mapping: a channel's target", () => {
  it("maps a channel by its id", () => {
    expect(map(inChannel("C0PAYMENTS"))).toEqual({
      target: { kind: "repository", repo: "acme/payments" },
      reason: "The Slack channel C0PAYMENTS is associated with it.",
    });
  });

  it("maps a channel by its name, with or without #, in any case", () => {
    const byName = (name: string) => map(inChannel("C0ELSE", { [SLACK_CONTEXT_KEYS.channelName]: name }));
    expect(byName("web-team")).toEqual({
      target: { kind: "repository", repo: "acme/web" },
      reason: "The Slack channel #web-team is associated with it.",
    });
    expect(byName("#Web-Team")?.target).toEqual({ kind: "repository", repo: "acme/web" });
  });

  it("maps nothing for an unlisted channel, or one whose target the catalog does not list", () => {
    expect(map(inChannel("C0ELSE", { [SLACK_CONTEXT_KEYS.channelName]: "random" }))).toBeUndefined();
    expect(map(inChannel("C0STALE"))).toBeUndefined();
  });
});
