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

  it("says what was wrong with an answer it cannot read: its status, its body, its GraphQL errors", async () => {
    const linear = await startFakeLinear();
    const check = () => checkLinearCredentials({ apiKey: FAKE_LINEAR_API_KEY, apiUrl: linear.apiUrl });
    try {
      linear.failNext({ kind: "unreadable", body: '{"hello":"world"}', contentType: "application/json" });
      await expect(check()).resolves.toEqual({
        kind: "unexpected_answer",
        message:
          "Linear answered 200 but the body was not the GraphQL answer expected: a JSON object with neither data nor errors (hello)",
      });
      linear.failNext({
        kind: "unreadable",
        body: '{"data":{"viewer":{"id":"u1"}}}',
        contentType: "application/json",
      });
      const missing = await check();
      expect(missing.kind).toBe("unexpected_answer");
      expect(missing.kind !== "ok" && missing.message).toMatch(
        /^Linear answered 200 but the body was not the GraphQL answer expected: viewer\.name: /,
      );
      linear.failNext({
        kind: "unreadable",
        body: '{"data":null,"errors":[{"message":"Cannot query field \\"app\\" on type \\"User\\"."}]}',
        contentType: "application/json",
      });
      await expect(check()).resolves.toEqual({
        kind: "unexpected_answer",
        message: 'Linear answered with GraphQL errors: Cannot query field "app" on type "User".',
      });
      // The SDK reads every 4xx as an authentication error; only 401 and 403 say the key is wrong.
      linear.failNext({ kind: "unreadable", status: 404, body: "<html><p>Not Found</p></html>" });
      await expect(check()).resolves.toEqual({
        kind: "unexpected_answer",
        message: "Linear answered HTTP 404: <html><p>Not Found</p></html>",
      });
      linear.failNext({ kind: "unreadable", status: 502, body: "<html>Bad gateway</html>" });
      await expect(check()).resolves.toEqual({
        kind: "unreachable",
        message: "Linear answered HTTP 502: <html>Bad gateway</html>",
      });
    } finally {
      await linear.close();
    }
    await expect(check()).resolves.toEqual({
      kind: "unreachable",
      message: expect.stringMatching(/^Linear could not be reached: fetch failed: .+ \([A-Z_]+\)$/),
    });
  });
});
