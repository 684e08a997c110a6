import type { SessionRequest } from "@baton/core";
import { describe, expect, it } from "vitest";
import { LINEAR_CONTEXT_KEYS } from "../policy/linear-context.js";
import { linearRoutingPlace } from "./linear-routing-place.js";

function linearRequest(context: Record<string, string>): SessionRequest {
  return {
    version: 1,
    id: "t_1",
    deliveryId: "d1",
    conversation: { platform: "linear", organizationId: "org", issueId: "iss", agentSessionId: "as" },
    actor: { platform: "linear", id: "user-1" },
    text: "take this",
    attachments: [],
    hints: {},
    context,
    receivedAt: "2026-01-01T00:00:00.000Z",
  };
}

describe("linearRoutingPlace", () => {
  it("is the issue's project when it has one, as the catalog maps projects first", () => {
    const place = linearRoutingPlace(
      linearRequest({
        [LINEAR_CONTEXT_KEYS.project]: "Checkout revamp",
        [LINEAR_CONTEXT_KEYS.team]: "ENG",
      }),
    );
    expect(place).toEqual({
      key: "linear:project:checkout%20revamp",
      label: 'the Linear project "Checkout revamp"',
      catalogPath: ["linear", "projects", "Checkout revamp"],
    });
  });

  it("is the team otherwise, and nothing without either", () => {
    expect(linearRoutingPlace(linearRequest({ [LINEAR_CONTEXT_KEYS.team]: "ENG" }))).toEqual({
      key: "linear:team:eng",
      label: "the Linear team ENG",
      catalogPath: ["linear", "teams", "ENG"],
    });
    expect(linearRoutingPlace(linearRequest({}))).toBeUndefined();
  });
});
