import { FAKE_LINEAR_API_KEY, startFakeLinear } from "@baton/testkit";
import { describe, expect, it } from "vitest";
import { checkLinearCredentials } from "./check-linear-credentials.js";

describe("checkLinearCredentials", () => {
  it("names the viewer and workspace for good credentials, and tells refused from unreachable", async () => {
    const linear = await startFakeLinear();
    try {
      await expect(
        checkLinearCredentials({ apiKey: FAKE_LINEAR_API_KEY, apiUrl: linear.apiUrl }),
      ).resolves.toEqual({
        kind: "ok",
        viewer: { id: linear.store.apiKeyOwner.id, name: "Grace Admin", app: false },
        organization: { id: linear.store.organization.id, name: "Acme" },
      });
      expect(linear.operations.map((op) => op.name)).toEqual(["batonViewer"]);
      await expect(
        checkLinearCredentials({ apiKey: "lin_api_revoked", apiUrl: linear.apiUrl }),
      ).resolves.toMatchObject({
        kind: "refused",
      });
    } finally {
      await linear.close();
    }
    await expect(
      checkLinearCredentials({ apiKey: FAKE_LINEAR_API_KEY, apiUrl: linear.apiUrl }),
    ).resolves.toMatchObject({
      kind: "unreachable",
    });
  });
});
