import { describe, expect, it } from "vitest";
import { EMPTY_CATALOG } from "../config/catalog.js";
import { accessSchema, linearAccessRule, slackAccessRule } from "./access-rule.js";
import { type AccessFacts, checkAccess } from "./check-access.js";

const rule = (slack: Record<string, unknown>) => slackAccessRule(accessSchema.parse({ slack }).slack);
const facts = (extra: Partial<AccessFacts> = {}): AccessFacts => ({
  organizationIds: ["T1"],
  place: "C1",
  userId: "U1",
  external: false,
  ...extra,
});

describe("checkAccess", () => {
  it("lets everyone in by default but Slack Connect externals", async () => {
    expect(await checkAccess(rule({}), facts())).toEqual({ allowed: true });
    expect(await checkAccess(rule({}), facts({ external: true }))).toEqual({
      allowed: false,
      reason: "external_user",
    });
    expect(await checkAccess(rule({ externalUsers: true }), facts({ external: true }))).toEqual({
      allowed: true,
    });
  });

  it("keeps to the listed workspaces or orgs, channels and people (or groups)", async () => {
    const listed = rule({ enterpriseOrgs: ["E1"], channels: ["C1"], users: ["U1"], userGroups: ["S1"] });
    expect(await checkAccess(listed, facts({ organizationIds: ["T9", "E1"] }))).toEqual({ allowed: true });
    expect((await checkAccess(listed, facts())) as unknown).toEqual({
      allowed: false,
      reason: "organization_not_allowed",
    });
    const inOrg = { organizationIds: ["T1", "E1"] };
    expect(await checkAccess(listed, facts({ ...inOrg, place: "C2" }))).toMatchObject({
      reason: "place_not_allowed",
    });
    expect(await checkAccess(listed, facts({ ...inOrg, userId: "U2" }))).toMatchObject({
      reason: "user_not_allowed",
    });
    const member = async (groups: readonly string[]) => groups.includes("S1");
    expect(await checkAccess(listed, facts({ ...inOrg, userId: "U2", isMemberOfAny: member }))).toEqual({
      allowed: true,
    });
  });

  it("refuses DMs or guests only when told to, asking about guests only then", async () => {
    expect(await checkAccess(rule({ directMessages: false }), facts({ place: null }))).toMatchObject({
      reason: "direct_messages_off",
    });
    let asked = 0;
    const isGuest = async () => {
      asked += 1;
      return true;
    };
    expect(await checkAccess(rule({}), facts({ isGuest }))).toEqual({ allowed: true });
    expect(asked).toBe(0);
    expect(await checkAccess(rule({ guests: false }), facts({ isGuest }))).toMatchObject({ reason: "guest" });
  });

  it("names the key of a bad entry", () => {
    const parsed = accessSchema.safeParse({ slack: { channels: ["#general"], guest: false } });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toContain("slack.channels.0");
    expect(parsed.error?.issues.some((i) => i.code === "unrecognized_keys")).toBe(true);
  });
});

describe("Linear's access rule", () => {
  it("keeps to the listed organisations, teams and people, and refuses no one by kind", async () => {
    const linear = linearAccessRule(
      accessSchema.parse({ linear: { organizations: ["org-1"], teams: ["ENG"], users: ["user-1"] } }).linear,
    );
    const person = { organizationIds: ["org-1"], place: "ENG", userId: "user-1", external: false };
    expect(await checkAccess(linear, person)).toEqual({ allowed: true });
    expect(await checkAccess(linear, { ...person, organizationIds: ["org-2"] })).toMatchObject({
      reason: "organization_not_allowed",
    });
    expect(await checkAccess(linear, { ...person, place: "OPS" })).toMatchObject({
      reason: "place_not_allowed",
    });
    expect(await checkAccess(linear, { ...person, userId: "user-2" })).toMatchObject({
      reason: "user_not_allowed",
    });
    const open = linearAccessRule(accessSchema.parse({}).linear);
    expect(await checkAccess(open, { ...person, organizationIds: ["org-9"], place: "OPS" })).toEqual({
      allowed: true,
    });
  });
});

describe("the catalog's access key", () => {
  it("defaults to a rule that refuses only externals", () => {
    expect(EMPTY_CATALOG.access.slack).toMatchObject({ externalUsers: false, guests: true, channels: [] });
    expect(EMPTY_CATALOG.access.github.minimumPermission).toBe("write");
  });
});
