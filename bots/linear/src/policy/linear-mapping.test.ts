import {
  createPlatformPolicies,
  createTargetResolver,
  formatContextList,
  parseCatalog,
  type RequestOf,
  sessionRequestSchema,
} from "@baton/core";
import { describe, expect, it } from "vitest";
import { LINEAR_CONTEXT_KEYS } from "./linear-context.js";
import { createLinearMapping } from "./linear-mapping.js";
import { linearPolicy } from "./linear-policy.js";

const catalog = parseCatalog(
  {
    repositories: [
      { repo: "acme/web" },
      { repo: "acme/payments" },
      { repo: "acme/payments-ledger" },
      { repo: "acme/mobile-ios" },
    ],
    environments: [{ id: "checkout", name: "Checkout", repositories: ["acme/web", "acme/payments"] }],
    linear: {
      projects: { "Checkout revamp": "env:checkout" },
      teams: {
        PAY: [{ target: "acme/payments-ledger", labels: ["ledger"] }, "acme/payments"],
        IOS: "acme/mobile-ios",
        Growth: "acme/web",
      },
    },
  },
  "test",
  createPlatformPolicies([linearPolicy]),
);
const map = createLinearMapping(catalog, createTargetResolver(catalog));

function onIssue(context: Record<string, string>): RequestOf<"linear"> {
  return sessionRequestSchema.parse({
    version: 1,
    id: "r-1",
    deliveryId: "d-1",
    conversation: { platform: "linear", organizationId: "org", issueId: "iss", agentSessionId: "as" },
    actor: { platform: "linear", id: "u-1" },
    text: "x",
    receivedAt: new Date(0).toISOString(),
    context,
  }) as RequestOf<"linear">;
}

describe("Linear's mapping: a project's or a team's target", () => {
  it("maps a project before its team, by name in any case", () => {
    const context = { [LINEAR_CONTEXT_KEYS.project]: "checkout revamp", [LINEAR_CONTEXT_KEYS.team]: "IOS" };
    expect(map(onIssue(context))).toEqual({
      target: { kind: "environment", id: "checkout" },
      reason: 'The Linear project "checkout revamp" is mapped to it.',
    });
  });

  it("applies a team's label filters in order", () => {
    const team = { [LINEAR_CONTEXT_KEYS.team]: "PAY" };
    const labelled = { ...team, [LINEAR_CONTEXT_KEYS.labels]: formatContextList(["Bug", "Ledger"]) };
    expect(map(onIssue(labelled))?.target).toEqual({ kind: "repository", repo: "acme/payments-ledger" });
    expect(map(onIssue(team))?.target).toEqual({ kind: "repository", repo: "acme/payments" });
  });

  it("maps a team by its key, else by its name", () => {
    expect(
      map(onIssue({ [LINEAR_CONTEXT_KEYS.team]: "GRW", [LINEAR_CONTEXT_KEYS.teamName]: "Growth" })),
    ).toEqual({
      target: { kind: "repository", repo: "acme/web" },
      reason: "The Linear team Growth is mapped to it.",
    });
  });

  it("maps nothing for a team or project without a mapping", () => {
    expect(map(onIssue({ [LINEAR_CONTEXT_KEYS.team]: "OPS" }))).toBeUndefined();
    expect(map(onIssue({}))).toBeUndefined();
  });
});
