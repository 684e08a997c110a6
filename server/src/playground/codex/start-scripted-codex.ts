import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoRepository, PlaygroundPane } from "@baton/core";
import { startFakeResponses } from "@baton/testkit";
import { demoCatalogYaml } from "./demo-repository.js";
import { scriptedFixModel } from "./scripted-fix-model.js";

/** A model name the codex CLI knows, so that it offers its `apply_patch` tool. */
export const SCRIPTED_CODEX_MODEL = "gpt-5.5";

/** What the page says while the codex backend runs against the scripted model. */
export const SCRIPTED_MODEL_NOTICE =
  "Coding agent: the real codex CLI in its sandbox, against a scripted model (no model is called): ";

export interface ScriptedCodex {
  /** The variables that point the codex backend at the scripted model and the demo catalog. */
  env: Record<string, string>;
  notice: string;
  close(): Promise<void>;
}

/**
 * BATON_BACKEND=codex in the playground with no model server configured (no OPENAI_API_KEY nor
 * OPENAI_BASE_URL): whether to run the codex backend against a scripted model.
 */
export function wantsScriptedCodex(env: Record<string, string | undefined>): boolean {
  return env.BATON_BACKEND === "codex" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL;
}

/**
 * Starts the scripted model (testkit's fake Responses API) and writes the catalog of the demo
 * repository, mapped to by the simulated `panes` that offer a `demo` (where a person starts); the
 * pane that `hostsRepositories` serves the repository.
 */
export async function startScriptedCodex({
  demo,
  panes,
}: {
  demo: DemoRepository;
  panes: readonly PlaygroundPane[];
}): Promise<ScriptedCodex> {
  const starts = panes.flatMap((pane) => (pane.demo ? [pane.demo] : []));
  const apiKey = `sk-playground-${randomBytes(12).toString("hex")}`;
  const model = await startFakeResponses({ apiKey, script: scriptedFixModel });
  const dir = mkdtempSync(join(tmpdir(), "baton-playground-codex-"));
  const catalog = join(dir, "baton.config.yaml");
  writeFileSync(
    catalog,
    demoCatalogYaml(
      demo,
      starts.map((start) => start.catalogYaml(demo.repo)),
      SCRIPTED_CODEX_MODEL,
    ),
  );
  return {
    env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: apiKey, BATON_CONFIG: catalog },
    notice: `${SCRIPTED_MODEL_NOTICE}${starts.map((start) => start.invitation).join(" or ")} and it fixes the failing test of ${demo.repo}; comment @baton on its pull request to go on.`,
    async close() {
      await model.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
