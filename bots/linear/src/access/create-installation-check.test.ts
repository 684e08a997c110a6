import { describe, expect, it } from "vitest";
import { createInstallationCheck, LINEAR_INSTALLATION_CACHE_MS } from "./create-installation-check.js";

describe("createInstallationCheck", () => {
  it("serves only the API key's organisation", async () => {
    const installed = createInstallationCheck({ kind: "api_key", organizationId: "org-key" });
    expect(await installed("org-key")).toBe(true);
    expect(await installed("org-other")).toBe(false);
  });

  it("with OAuth, believes a stored installation for a while and never caches its absence", async () => {
    let clock = 0;
    const stored = new Set<string>();
    const asked: string[] = [];
    const installed = createInstallationCheck(
      {
        kind: "oauth",
        tokens: {
          has: async (organizationId) => {
            asked.push(organizationId);
            return stored.has(organizationId);
          },
        },
      },
      () => clock,
    );
    expect(await installed("org-1")).toBe(false);
    stored.add("org-1");
    expect(await installed("org-1")).toBe(true);
    expect(await installed("org-1")).toBe(true);
    expect(asked).toEqual(["org-1", "org-1"]);
    clock = LINEAR_INSTALLATION_CACHE_MS;
    stored.delete("org-1");
    expect(await installed("org-1")).toBe(false);
    expect(asked).toHaveLength(3);
  });
});
