import { generateKeyPairSync } from "node:crypto";
import { githubDoctorCheck } from "@baton/github";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DoctorContext } from "../src/cli/doctor/doctor-check.js";
import { loadConfig } from "../src/config/load-config.js";

function contextFor(env: Record<string, string>): DoctorContext {
  return { config: loadConfig(env), production: false, isSet: (name) => name in env, timeoutMs: 5_000 };
}

describe("baton doctor: GitHub", () => {
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub();
  });
  afterAll(() => github.close());

  it("is off, with the variables that turn it on, when nothing is set", async () => {
    expect(await githubDoctorCheck.run(contextFor({}))).toMatchObject({
      kind: "checked",
      findings: [{ kind: "off", text: expect.stringContaining("GITHUB_APP_ID") }],
    });
  });

  it("✓ for the App's own key (GET /app with its JWT), ✗ with a fix for another key", async () => {
    const env = {
      GITHUB_APP_ID: String(github.app.appId),
      GITHUB_WEBHOOK_SECRET: github.app.webhookSecret,
      GITHUB_API_URL: github.url,
    };
    const good = await githubDoctorCheck.run(
      contextFor({ ...env, GITHUB_PRIVATE_KEY: github.app.privateKey }),
    );
    expect(good).toMatchObject({ kind: "checked", findings: [{ kind: "ok" }, { kind: "ok" }] });

    // A key the App does not have: GitHub refuses the JWT it signs.
    const { privateKey: otherKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs1", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const bad = await githubDoctorCheck.run(contextFor({ ...env, GITHUB_PRIVATE_KEY: otherKey }));
    expect(bad).toMatchObject({ kind: "checked", findings: [{ kind: "ok" }, { kind: "problem" }] });
    expect(JSON.stringify(bad)).toContain("GITHUB_PRIVATE_KEY");
  });
});
