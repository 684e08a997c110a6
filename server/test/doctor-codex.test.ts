import { type FakeOpenAI, type FakeResponses, startFakeOpenAI, startFakeResponses } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codexBackendDoctorCheck } from "../src/cli/doctor/codex-backend-doctor-check.js";
import type { DoctorContext } from "../src/cli/doctor/doctor-check.js";
import { loadConfig } from "../src/config/load-config.js";

function contextFor(env: Record<string, string>): DoctorContext {
  return { config: loadConfig(env), production: false, isSet: (name) => name in env, timeoutMs: 5_000 };
}

// The real codex CLI and its sandbox are checked on this machine: the probe writes in a
// workspace and must fail to write beside it.
describe("baton doctor: the codex backend", () => {
  let openai: FakeOpenAI;
  let responses: FakeResponses;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ models: ["gpt-5-codex"] });
    responses = await startFakeResponses();
  });
  afterAll(async () => {
    await openai.close();
    await responses.close();
  });

  it("says nothing unless BATON_BACKEND is codex", async () => {
    expect(await codexBackendDoctorCheck.run(contextFor({ BATON_BACKEND: "openai" }))).toEqual({
      kind: "not_applicable",
    });
  });

  it("✓ the model server lists CODEX_MODEL and the sandbox works here", async () => {
    const result = await codexBackendDoctorCheck.run(
      contextFor({ BATON_BACKEND: "codex", OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: "sk-test" }),
    );
    expect(result).toMatchObject({
      kind: "checked",
      title: "Backend (codex)",
      findings: [
        { kind: "ok" },
        { kind: "ok", text: expect.stringMatching(/^codex .* runs, and its sandbox works here$/) },
      ],
    });
    expect(JSON.stringify(result)).not.toContain("sk-test");
  });

  it("a Responses-only server that lists no models is a warning; no model server at all is a problem", async () => {
    const listless = await codexBackendDoctorCheck.run(
      contextFor({ BATON_BACKEND: "codex", OPENAI_BASE_URL: responses.url }),
    );
    expect(listless).toMatchObject({
      findings: [{ kind: "warning", text: expect.stringContaining("CODEX_MODEL") }, { kind: "ok" }],
    });
    const missing = await codexBackendDoctorCheck.run(contextFor({ BATON_BACKEND: "codex" }));
    expect(missing).toMatchObject({
      findings: [{ kind: "problem", text: expect.stringContaining("OPENAI_API_KEY") }, expect.anything()],
    });
  });

  it("a codex binary that does not run is a problem with a fix", async () => {
    const result = await codexBackendDoctorCheck.run(
      contextFor({ BATON_BACKEND: "codex", OPENAI_BASE_URL: openai.url, CODEX_PATH: "/nonexistent/codex" }),
    );
    expect(result).toMatchObject({
      findings: [{ kind: "ok" }, { kind: "problem", fix: expect.any(String) }],
    });
  });
});
