import { readFile, rename, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { BatonError, type CliIo, errorMessage, parseCatalog } from "@baton/core";
import { parseDocument } from "yaml";
import { BOT_MODULES, platformPoliciesOf } from "../bots/bot-modules.js";
import { loadConfig, openInspectSecretVariables } from "../config/load-config.js";
import { createOpenInspectClientFromConfig } from "../platforms/setup-openinspect.js";
import { runCatalogShowCommand } from "./catalog-show-command.js";
import {
  isLearnedRoutingCommand,
  LEARNED_ROUTING_USAGE,
  runLearnedRoutingCommand,
} from "./learned-routing-command.js";
import { type CatalogMergeReport, mergeOpenInspectCatalog } from "./merge-openinspect-catalog.js";

export const CATALOG_USAGE = [
  "Usage: baton catalog show [--config FILE] [--json]",
  "       baton catalog import --from openinspect [--config FILE] [--dry-run]",
  "",
  "show: every target Baton knows (the catalog file, the repositories the GitHub App is installed on,",
  "each repository's profile from its README, folders, packages and CODEOWNERS) and, for each fact,",
  "where it came from. Reads the same file and Redis as the running Baton.",
  "",
  "import:",
  "Adds the repositories and environments of your Open-Inspect control plane (GET /repos,",
  "GET /environments) to the catalog, keeping what the file already says: its comments, its order and",
  "every value it sets. Needs OPENINSPECT_URL and one of the listed platforms' secrets:",
  `${openInspectSecretVariables().join(", ")}.`,
  "",
  "  --from      where to import from (openinspect)",
  "  --config    the catalog file (default: BATON_CONFIG, else baton.config.yaml); created when missing",
  "  --dry-run   print the new catalog instead of writing it",
  "",
  "Usage: baton catalog learned | export-learned | forget <place>",
  "",
  LEARNED_ROUTING_USAGE,
].join("\n");

type Parsed =
  | { kind: "import"; config?: string; dryRun: boolean }
  | { kind: "show"; config?: string; json: boolean }
  | { kind: "usage"; problem?: string };

/**
 * `baton catalog import --from openinspect`. Exit codes: 0 imported, 1 the control plane, the
 * environment or the file is not usable (nothing is written), 2 bad usage.
 */
export async function runCatalogCommand(args: string[], io: CliIo): Promise<number> {
  if (isLearnedRoutingCommand(args[0])) return runLearnedRoutingCommand([args[0], ...args.slice(1)], io);
  const parsed = parseCatalogArgs(args);
  if (parsed.kind === "usage") {
    if (parsed.problem) io.stderr(`baton catalog: ${parsed.problem}`);
    (parsed.problem ? io.stderr : io.stdout)(CATALOG_USAGE);
    return parsed.problem ? 2 : 0;
  }
  if (parsed.kind === "show") return runCatalogShowCommand(parsed, io);
  try {
    const config = loadConfig(io.env);
    const file = parsed.config ?? config.BATON_CONFIG;
    const client = createOpenInspectClientFromConfig(config, "catalog import --from openinspect");
    const [repositories, environments] = [await client.listRepositories(), await client.listEnvironments()];
    for (const listed of [repositories, environments]) {
      if (!listed.ok)
        throw new BatonError(
          "backend_unavailable",
          `Open-Inspect at ${client.baseUrl}: ${listed.message} (${listed.kind}).`,
        );
    }
    const doc = parseDocument(await readCatalogText(file));
    if (doc.errors.length > 0) throw new BatonError("catalog_invalid", `${file}: ${doc.errors[0]!.message}`);
    const report = mergeOpenInspectCatalog(doc, {
      repositories: repositories.ok ? repositories.value.repos : [],
      environments: environments.ok ? environments.value.environments : [],
    });
    const text = doc.toString();
    // The result must still be a catalog Baton starts with; otherwise nothing is written.
    parseCatalog(parseDocument(text).toJS(), file, platformPoliciesOf(BOT_MODULES));
    if (parsed.dryRun) io.stdout(text.trimEnd());
    else await writeAtomically(file, text);
    for (const line of describeReport(report, parsed.dryRun ? "(dry run) " : "", file)) io.stderr(line);
    return 0;
  } catch (error) {
    if (!(error instanceof BatonError)) throw error;
    io.stderr(`baton catalog: ${error.message}`);
    return 1;
  }
}

function parseCatalogArgs(args: string[]): Parsed {
  const [command, ...rest] = args;
  if (command === undefined || command === "help" || command === "--help" || command === "-h")
    return { kind: "usage" };
  if (command === "show") return parseShowArgs(rest);
  if (command !== "import") return { kind: "usage", problem: `unknown command "${command}".` };
  let values: { from?: string; config?: string; "dry-run"?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { from: { type: "string" }, config: { type: "string" }, "dry-run": { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: "usage", problem: errorMessage(error) };
  }
  if (values.from !== "openinspect")
    return {
      kind: "usage",
      problem: `--from must be openinspect${values.from ? `, not "${values.from}"` : ""}.`,
    };
  return { kind: "import", config: values.config, dryRun: values["dry-run"] === true };
}

function parseShowArgs(args: string[]): Parsed {
  try {
    const { values } = parseArgs({
      args,
      options: { config: { type: "string" }, json: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    });
    return { kind: "show", config: values.config, json: values.json === true };
  } catch (error) {
    return { kind: "usage", problem: errorMessage(error) };
  }
}

async function readCatalogText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw new BatonError("catalog_invalid", `${file} cannot be read: ${errorMessage(error)}`);
  }
}

/** Writes beside the file and renames, so that a crash never leaves half a catalog. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

function describeReport(report: CatalogMergeReport, prefix: string, file: string): string[] {
  const list = (names: string[]) => (names.length > 0 ? `: ${names.join(", ")}` : "");
  return [
    `${prefix}${file}: added ${report.addedRepositories.length} repositories${list(report.addedRepositories)}`,
    `${prefix}${file}: added ${report.addedEnvironments.length} environments${list(report.addedEnvironments)}`,
    `${prefix}${file}: kept ${report.keptRepositories.length + report.keptEnvironments.length} entries it already had`,
    ...report.skipped.map((reason) => `${prefix}skipped ${reason}`),
  ];
}
