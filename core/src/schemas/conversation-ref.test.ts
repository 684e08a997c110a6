import { describe, expect, it } from "vitest";
import { conversationKey, conversationWorkspace } from "./conversation-ref.js";

describe("conversationKey", () => {
  it("keeps the key a Linear session with an issue always had, so that stored sessions are found again", () => {
    // Computed with the code from before a Linear conversation's issue became optional.
    expect(
      conversationKey({
        platform: "linear",
        organizationId: "org-1",
        issueId: "issue-1",
        agentSessionId: "as-1",
      }),
    ).toBe("KDoL9XKAfeiFHbv3dz64F-");
  });

  it("keys a Linear session without an issue by its agent session", () => {
    const chat = (agentSessionId: string) =>
      conversationKey({ platform: "linear", organizationId: "org-1", agentSessionId });
    expect(chat("as-1")).toBe(chat("as-1"));
    expect(chat("as-1")).not.toBe(chat("as-2"));
    expect(chat("as-1")).not.toBe(
      conversationKey({
        platform: "linear",
        organizationId: "org-1",
        issueId: "issue-1",
        agentSessionId: "as-1",
      }),
    );
  });
});

describe("conversationWorkspace", () => {
  it("names the tenant by platform and its own id, as intake's keys and the workspace limit always had it", () => {
    expect(conversationWorkspace({ platform: "slack", teamId: "T1", channelId: "C1", threadTs: "1.1" })).toBe(
      "slack.T1",
    );
    expect(
      conversationWorkspace({
        platform: "github",
        installationId: 42,
        owner: "acme",
        repo: "api",
        number: 7,
      }),
    ).toBe("github.42");
    expect(
      conversationWorkspace({ platform: "linear", organizationId: "org-1", agentSessionId: "as-1" }),
    ).toBe("linear.org-1");
  });
});
