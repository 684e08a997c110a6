import { createPlatformPolicies, EMPTY_CATALOG, parseCatalog } from "@baton/core";
import { describe, expect, it } from "vitest";
import { slackAccessRuleOf, slackAccessSchema, slackCatalogOf } from "./slack-catalog.js";
import { slackPolicy } from "./slack-policy.js";

const withSlack = createPlatformPolicies([slackPolicy]);

describe("Slack's part of the catalog", () => {
  it("defaults to a rule that refuses only externals, and no channels", () => {
    expect(slackAccessRuleOf(EMPTY_CATALOG)).toMatchObject({
      externalUsers: false,
      guests: true,
      places: [],
    });
    expect(slackCatalogOf(EMPTY_CATALOG)).toEqual({ channels: {} });
  });

  it("names the key of a bad access entry", () => {
    const parsed = slackAccessSchema.safeParse({ channels: ["#general"], guest: false });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toContain("channels.0");
    expect(parsed.error?.issues.some((i) => i.code === "unrecognized_keys")).toBe(true);
  });

  it("is read under `slack:` and `access.slack`, errors naming the full key", () => {
    const catalog = parseCatalog(
      { slack: { channels: { C1: { steering: "channel" } } }, access: { slack: { workspaces: ["T1"] } } },
      "baton.config.yaml",
      withSlack,
    );
    expect(slackCatalogOf(catalog).channels).toEqual({ C1: { steering: "channel" } });
    expect(slackAccessRuleOf(catalog).organizations).toEqual(["T1"]);
    expect(() =>
      parseCatalog({ access: { slack: { workspaces: ["acme"] } } }, "baton.config.yaml", withSlack),
    ).toThrow("access.slack.workspaces.0: must be a Slack workspace id (T…)");
    // Without Slack's part, its section is a key the catalog does not know.
    expect(() => parseCatalog({ slack: { channels: {} } }, "baton.config.yaml")).toThrow("(top level)");
  });

  it("counts a workspace and an Enterprise Grid org as organisations, its channels as places", () => {
    const catalog = parseCatalog(
      { access: { slack: { workspaces: ["T1"], enterpriseOrgs: ["E1"], channels: ["C1"], guests: false } } },
      "t",
      withSlack,
    );
    expect(slackAccessRuleOf(catalog)).toMatchObject({
      organizations: ["T1", "E1"],
      places: ["C1"],
      guests: false,
    });
  });
});
