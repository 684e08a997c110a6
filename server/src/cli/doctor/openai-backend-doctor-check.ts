import { checkOpenAI } from "@baton/backends";
import type { DoctorCheck, DoctorCheckResult, DoctorFinding } from "./doctor-check.js";

/** BATON_BACKEND=openai: the model API answers with the configured key and serves the default model. */
export const openAIBackendDoctorCheck: DoctorCheck = {
  name: "backend-openai",
  async run({ config, timeoutMs }): Promise<DoctorCheckResult> {
    if (config.BATON_BACKEND !== "openai") return { kind: "not_applicable" };
    const check = await checkOpenAI({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
      timeoutMs,
    });
    const where = config.OPENAI_BASE_URL ?? "OpenAI's API";
    return {
      kind: "checked",
      title: "Backend (openai)",
      findings: [findingFor(check, where, config.OPENAI_MODEL)],
    };
  },
};

/** What a model server's answer to `checkOpenAI` means for Baton, with its fix (the `codex` check reads it too). */
export function findingFor(
  check: Awaited<ReturnType<typeof checkOpenAI>>,
  where: string,
  model: string,
  { variable, backend }: { variable: string; backend: string } = {
    variable: "OPENAI_MODEL",
    backend: "openai",
  },
): DoctorFinding {
  switch (check.kind) {
    case "ok":
      if (check.modelListed === false)
        return {
          kind: "warning",
          text: `${where} answers (${check.models} models), but does not list ${model}`,
          fix: `Set ${variable} (or the catalog's models.${backend}.default) to a model the server serves.`,
        };
      return { kind: "ok", text: `${where} answers with the configured key (${check.models} models)` };
    case "not_configured":
      return {
        kind: "problem",
        text: "neither OPENAI_API_KEY nor OPENAI_BASE_URL is set",
        fix: "Set OPENAI_API_KEY, or OPENAI_BASE_URL for an OpenAI-compatible server.",
      };
    case "unauthorized":
      return {
        kind: "problem",
        text: `${where} refused OPENAI_API_KEY (HTTP ${check.status})`,
        fix: "Create a new key and set it as OPENAI_API_KEY.",
      };
    case "unreachable":
      return {
        kind: "problem",
        text: `${where} cannot be reached: ${check.message}`,
        fix: "Check OPENAI_BASE_URL and the network between Baton and the model server.",
      };
    case "failed":
      return {
        kind: "problem",
        text: `${where} failed to list models (HTTP ${check.status})`,
        fix: "Check that the server speaks the OpenAI API (GET /v1/models) and look at its logs.",
      };
  }
}
