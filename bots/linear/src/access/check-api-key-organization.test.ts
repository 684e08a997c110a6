import { createPlatformPolicies, EMPTY_CATALOG, parseCatalog } from "@baton/core";
import { describe, expect, it } from "vitest";
import { linearPolicy } from "../policy/linear-policy.js";
import { checkApiKeyOrganization } from "./check-api-key-organization.js";

describe("checkApiKeyOrganization", () => {
  it("refuses to start when the policy lists organisations but not the API key's, naming the key to fix", () => {
    const listed = parseCatalog(
      { access: { linear: { organizations: ["org-listed"] } } },
      "t",
      createPlatformPolicies([linearPolicy]),
    );
    expect(() => checkApiKeyOrganization("org-of-the-key", listed)).toThrow(
      /LINEAR_API_KEY belongs to the Linear organization org-of-the-key.*access\.linear\.organizations/,
    );
    expect(() => checkApiKeyOrganization("org-listed", listed)).not.toThrow();
    expect(() => checkApiKeyOrganization("any-org", EMPTY_CATALOG)).not.toThrow();
  });
});
