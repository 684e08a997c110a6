import { linearDoctorCheck } from "@baton/linear";
import { FAKE_LINEAR_API_KEY, type FakeLinear, startFakeLinear } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DoctorContext } from "../src/cli/doctor/doctor-check.js";
import { loadConfig } from "../src/config/load-config.js";

function contextFor(env: Record<string, string>): DoctorContext {
  return { config: loadConfig(env), production: false, isSet: (name) => name in env, timeoutMs: 5_000 };
}

describe("baton doctor: Linear", () => {
  let linear: FakeLinear;
  beforeAll(async () => {
    linear = await startFakeLinear();
  });
  afterAll(() => linear.close());

  it("is off, with the variables that turn it on, when nothing is set", async () => {
    expect(await linearDoctorCheck.run(contextFor({}))).toMatchObject({
      kind: "checked",
      findings: [{ kind: "off", text: expect.stringContaining("LINEAR_WEBHOOK_SECRET") }],
    });
  });

  it("✓ for an API key Linear accepts (a viewer query), ✗ with a fix for one it refuses", async () => {
    const env = { LINEAR_WEBHOOK_SECRET: "whsec", LINEAR_API_URL: linear.apiUrl };
    const good = await linearDoctorCheck.run(contextFor({ ...env, LINEAR_API_KEY: FAKE_LINEAR_API_KEY }));
    expect(good).toMatchObject({ kind: "checked", findings: [{ kind: "ok" }, { kind: "ok" }] });
    expect(linear.operations.map((operation) => operation.name)).toEqual(["batonViewer"]);

    const bad = await linearDoctorCheck.run(contextFor({ ...env, LINEAR_API_KEY: "lin_api_wrong" }));
    expect(bad).toMatchObject({ kind: "checked", findings: [{ kind: "ok" }, { kind: "problem" }] });
    expect(JSON.stringify(bad)).toContain("LINEAR_API_KEY");
    expect(JSON.stringify(bad)).not.toContain("lin_api_wrong");
  });

  it("✗ when the webhook secret is missing", async () => {
    const result = await linearDoctorCheck.run(
      contextFor({ LINEAR_API_KEY: FAKE_LINEAR_API_KEY, LINEAR_API_URL: linear.apiUrl }),
    );
    expect(result).toMatchObject({ kind: "checked", findings: [{ kind: "problem" }, { kind: "ok" }] });
  });
});
