import { catalogSchema } from "@baton/core";
import { describe, expect, it } from "vitest";
import { checkApiKeyOrganization } from "./check-api-key-organization.js";

describe("checkApiKeyOrganization", () => {
  it("refuses to start when the policy lists organisations but not the API key's, naming the key to fix", () => {
    const listed = catalogSchema.parse({ access: { linear: { organizations: ["org-listed"] } } });
    expect(() => checkApiKeyOrganization("org-of-the-key", listed)).toThrow(
      /LINEAR_API_KEY belongs to the Linear organization org-of-the-key.*access\.linear\.organizations/,
    );
    expect(() => checkApiKeyOrganization("org-listed", listed)).not.toThrow();
    expect(() => checkApiKeyOrganization("any-org", catalogSchema.parse({}))).not.toThrow();
  });
});
