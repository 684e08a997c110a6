import {
  FAKE_CONTROL_PLANE_SECRETS,
  type FakeControlPlane,
  type FakeOpenAI,
  getFreePort,
  startFakeControlPlane,
  startFakeOpenAI,
} from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DoctorContext } from "../src/cli/doctor/doctor-check.js";
import { openAIBackendDoctorCheck } from "../src/cli/doctor/openai-backend-doctor-check.js";
import { openInspectBackendDoctorCheck } from "../src/cli/doctor/openinspect-backend-doctor-check.js";
import { loadConfig } from "../src/config/load-config.js";

function contextFor(env: Record<string, string>): DoctorContext {
  return { config: loadConfig(env), production: false, isSet: (name) => name in env, timeoutMs: 5_000 };
}

describe("baton doctor: the backend", () => {
  let openai: FakeOpenAI;
  let plane: FakeControlPlane;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ models: ["gpt-4.1-mini"] });
    plane = await startFakeControlPlane();
  });
  afterAll(async () => {
    await openai.close();
    await plane.closeServer();
  });

  it("says nothing about openai or openinspect while BATON_BACKEND is plan", async () => {
    const context = contextFor({});
    expect(await openAIBackendDoctorCheck.run(context)).toEqual({ kind: "not_applicable" });
    expect(await openInspectBackendDoctorCheck.run(context)).toEqual({ kind: "not_applicable" });
  });

  it("openai: ✓ when the server lists the default model, a warning when it does not, ✗ when unreachable", async () => {
    const env = { BATON_BACKEND: "openai", OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: "sk-test" };
    const listed = await openAIBackendDoctorCheck.run(contextFor({ ...env, OPENAI_MODEL: "gpt-4.1-mini" }));
    expect(listed).toMatchObject({ kind: "checked", findings: [{ kind: "ok" }] });
    const unlisted = await openAIBackendDoctorCheck.run(contextFor({ ...env, OPENAI_MODEL: "gpt-9" }));
    expect(unlisted).toMatchObject({ kind: "checked", findings: [{ kind: "warning" }] });
    const port = await getFreePort();
    const down = await openAIBackendDoctorCheck.run(
      contextFor({ ...env, OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` }),
    );
    expect(down).toMatchObject({ kind: "checked", findings: [{ kind: "problem" }] });
    expect(JSON.stringify(down)).not.toContain("sk-test");
  });

  it("openinspect: ✓ with the control plane's secret, ✗ with a fix naming the variable when it is refused", async () => {
    const env = { BATON_BACKEND: "openinspect", OPENINSPECT_URL: plane.url };
    const good = await openInspectBackendDoctorCheck.run(
      contextFor({ ...env, OPENINSPECT_SLACK_SECRET: FAKE_CONTROL_PLANE_SECRETS["slack-bot"] }),
    );
    expect(good).toMatchObject({ kind: "checked", findings: [{ kind: "ok" }] });
    const bad = await openInspectBackendDoctorCheck.run(
      contextFor({ ...env, OPENINSPECT_SLACK_SECRET: "not-the-secret" }),
    );
    expect(bad).toMatchObject({ kind: "checked", findings: [{ kind: "problem" }] });
    expect(JSON.stringify(bad)).toContain("OPENINSPECT_SLACK_SECRET");
    expect(JSON.stringify(bad)).not.toContain("not-the-secret");
  });

  it("openinspect: an identity the control plane holds no secret for (500) names the control plane's variable", async () => {
    const { "linear-bot": _linear, ...others } = FAKE_CONTROL_PLANE_SECRETS;
    const partial = await startFakeControlPlane({ secrets: others });
    try {
      const result = await openInspectBackendDoctorCheck.run(
        contextFor({
          BATON_BACKEND: "openinspect",
          OPENINSPECT_URL: partial.url,
          OPENINSPECT_LINEAR_SECRET: FAKE_CONTROL_PLANE_SECRETS["linear-bot"],
        }),
      );
      expect(result).toMatchObject({ kind: "checked", findings: [{ kind: "problem" }] });
      expect(JSON.stringify(result)).toContain("SERVICE_AUTH_SECRET_LINEAR_BOT");
      expect(JSON.stringify(result)).not.toContain("check its logs");
    } finally {
      await partial.closeServer();
    }
  });

  it("openinspect: a GitLab deployment (501) is called one, not 'not Open-Inspect'", async () => {
    const gitlab = await startFakeControlPlane({ scmProvider: "gitlab" });
    try {
      const result = await openInspectBackendDoctorCheck.run(
        contextFor({
          BATON_BACKEND: "openinspect",
          OPENINSPECT_URL: gitlab.url,
          OPENINSPECT_SLACK_SECRET: FAKE_CONTROL_PLANE_SECRETS["slack-bot"],
        }),
      );
      expect(result).toMatchObject({ kind: "checked", findings: [{ kind: "problem" }] });
      expect(JSON.stringify(result)).toContain("GitLab");
      expect(JSON.stringify(result)).not.toContain("not as Open-Inspect");
    } finally {
      await gitlab.closeServer();
    }
  });
});
