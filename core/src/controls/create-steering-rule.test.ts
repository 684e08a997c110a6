import { describe, expect, it } from "vitest";
import type { SteeringPolicy } from "../config/catalog.js";
import type { ConversationRef } from "../schemas/conversation-ref.js";
import type { Session } from "../schemas/session.js";
import { createSteeringRule } from "./create-steering-rule.js";

const github = (repo: string): ConversationRef => ({
  platform: "github",
  installationId: 1,
  owner: "acme",
  repo,
  number: 7,
});

function rule(policies: Record<string, SteeringPolicy>) {
  return createSteeringRule({
    platform: "github",
    placeOf: (c) => (c.platform === "github" ? `${c.owner}/${c.repo}` : ""),
    policyOf: (place) => policies[place],
    refusal: ({ requesterId, policy }) =>
      `only @${requesterId}${Array.isArray(policy) ? " and the list" : ""}`,
  });
}

describe("createSteeringRule", () => {
  const steering = rule({ "acme/open": "channel", "acme/listed": ["bob"], "acme/own": "requester" });

  it("lets the requester steer anywhere", () => {
    for (const repo of ["open", "listed", "own", "unlisted"])
      expect(steering.check({ conversation: github(repo), requesterId: "ada", userId: "ada" })).toEqual({
        allowed: true,
      });
  });

  it("applies the place's policy to everyone else: anyone, a list, or nobody", () => {
    const ask = (repo: string, userId: string) =>
      steering.check({ conversation: github(repo), requesterId: "ada", userId });
    expect(ask("open", "mallory")).toEqual({ allowed: true });
    expect(ask("listed", "bob")).toEqual({ allowed: true });
    expect(ask("listed", "mallory")).toEqual({ allowed: false, reason: "only @ada and the list" });
    expect(ask("own", "bob")).toEqual({ allowed: false, reason: "only @ada" });
  });

  it("keeps a place the catalog does not list to the requester", () => {
    expect(steering.check({ conversation: github("unlisted"), requesterId: "ada", userId: "bob" })).toEqual({
      allowed: false,
      reason: "only @ada",
    });
  });

  it("as the worker's guard, answers for its own platform's sessions and lets the others through", () => {
    const session = (conversation: ConversationRef) =>
      ({ conversation, requester: { platform: conversation.platform, id: "ada" } }) as Session;
    expect(steering.guard(session(github("own")), { platform: "github", id: "bob" }).allowed).toBe(false);
    const slack: ConversationRef = { platform: "slack", teamId: "T1", channelId: "C1", threadTs: "1.1" };
    expect(steering.guard(session(slack), { platform: "slack", id: "bob" })).toEqual({ allowed: true });
  });
});
