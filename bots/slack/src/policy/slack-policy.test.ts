import {
  type ConversationRef,
  createAllowedTargets,
  createPlatformPolicies,
  parseCatalog,
} from "@baton/core";
import { describe, expect, it } from "vitest";
import { slackPolicy } from "./slack-policy.js";

const catalog = parseCatalog(
  {
    repositories: [{ repo: "acme/web" }, { repo: "acme/api" }],
    slack: { channels: { C0LOCKED: { targets: ["acme/web", "none"] }, C0OPEN: { target: "acme/api" } } },
  },
  "test",
  createPlatformPolicies([slackPolicy]),
);
const inChannel = (channelId: string): ConversationRef => ({
  platform: "slack",
  teamId: "T1",
  channelId,
  threadTs: "1.1",
});

describe("Slack's policy: the targets a channel allows", () => {
  const allowed = createAllowedTargets(catalog, createPlatformPolicies([slackPolicy]));

  it("are the channel's `targets`, by channel id", () => {
    expect(allowed(inChannel("C0LOCKED"))).toEqual(["acme/web", "none"]);
  });

  it("are any target in a channel without `targets`, or one the catalog does not list", () => {
    expect(allowed(inChannel("C0OPEN"))).toBeNull();
    expect(allowed(inChannel("C0ELSE"))).toBeNull();
  });

  it("do not narrow another platform's conversations", () => {
    const github: ConversationRef = {
      platform: "github",
      installationId: 1,
      owner: "acme",
      repo: "api",
      number: 1,
    };
    expect(allowed(github)).toBeNull();
  });
});
