import { describe, expect, it } from "vitest";
import type { AccessRule } from "./access-rule.js";
import { type AccessFacts, checkAccess } from "./check-access.js";

// Every list empty, externals refused, guests and DMs let in: the defaults a platform's rule starts from.
const rule = (fields: Partial<AccessRule>): AccessRule => ({
  organizations: [],
  places: [],
  users: [],
  userGroups: [],
  externalUsers: false,
  guests: true,
  directMessages: true,
  ...fields,
});
const facts = (extra: Partial<AccessFacts> = {}): AccessFacts => ({
  organizationIds: ["T1"],
  place: "C1",
  userId: "U1",
  external: false,
  ...extra,
});

describe("checkAccess", () => {
  it("lets everyone in by default but people from other organisations", async () => {
    expect(await checkAccess(rule({}), facts())).toEqual({ allowed: true });
    expect(await checkAccess(rule({}), facts({ external: true }))).toEqual({
      allowed: false,
      reason: "external_user",
    });
    expect(await checkAccess(rule({ externalUsers: true }), facts({ external: true }))).toEqual({
      allowed: true,
    });
  });

  it("keeps to the listed organisations, places and people (or groups)", async () => {
    const listed = rule({ organizations: ["E1"], places: ["C1"], users: ["U1"], userGroups: ["S1"] });
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
});
