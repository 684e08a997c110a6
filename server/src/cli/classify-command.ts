import {
  BatonError,
  type Catalog,
  type CliIo,
  explainRanking,
  loadCatalogWithWarnings,
  mergeDiscoveredCatalog,
  type Platform,
  parseCliArgs,
  parseRequestText,
  printUsage,
  type SampleConversation,
  type SessionRequest,
  sessionRequestSchema,
} from "@baton/core";
import { BOT_MODULES, platformPoliciesOf } from "../bots/bot-modules.js";
import { catalogDiscoveryOn } from "../bots/catalog-discovery-on.js";
import { loadConfig } from "../config/load-config.js";
import { createLogger } from "../logging/create-logger.js";
import { createBatonClassifier } from "../platforms/create-baton-classifier.js";
import { readDiscoveredCatalog } from "./read-discovered-catalog.js";

/** The listed platforms `baton classify` can write as, in the modules' order (the first is the default). */
const SAMPLED = BOT_MODULES.flatMap(({ platform, classifySample }) =>
  classifySample ? [{ platform, sample: classifySample }] : [],
);
const SAMPLED_NAMES = SAMPLED.map(({ platform }) => platform);

export const CLASSIFY_USAGE = [
  `Usage: baton classify [--explain] [--platform ${SAMPLED_NAMES.join("|")}] [--channel NAME] [--repo OWNER/NAME] [--context KEY=VALUE]... [--config FILE] "text"`,
  "",
  "Prints the classifier's Decision for a first message, as JSON: the target it would choose, by which",
  "step (via), how confident, and why; or the candidates it would ask about. It runs the worker's own",
  "classifier: the catalog from --config (or BATON_CONFIG), and the LLM when OPENAI_API_KEY or",
  "OPENAI_BASE_URL is set. The repositories Baton's platform apps are installed on, and their profiles, are read",
  "from Baton's Redis when it is reachable.",
  "",
  "  --explain    also print the evidence for and against each candidate: which words matched which",
  "               name, alias, keyword, description or repository profile, and how much each weighed",
  `  --platform   where the message was written (default ${SAMPLED_NAMES[0]})`,
  "  --context    more platform context, as its bot would add it (repeatable)",
  ...SAMPLED.flatMap(({ sample }) => sample.flags),
  "  --config     the catalog file (default: BATON_CONFIG, else baton.config.yaml)",
].join("\n");

type Parsed =
  | {
      kind: "classify";
      platform: Platform;
      /** What the platform's module built for the flags (`classifySample`). */
      sample: SampleConversation;
      text: string;
      context: Record<string, string>;
      config?: string;
      explain: boolean;
    }
  | { kind: "usage"; problem?: string };

/**
 * `baton classify`: how an operator asks "why did it pick that repository?". It builds the request
 * an inbound adapter would, and classifies it with the classifier the worker builds
 * (`createClassifier` with `createClassifierLlm`). Exit codes: 0 printed a decision, 1 the
 * catalog or environment is invalid, 2 bad usage.
 */
export async function runClassifyCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseClassifyArgs(args);
  if (parsed.kind === "usage")
    return printUsage(io, { command: "baton classify", usage: CLASSIFY_USAGE, problem: parsed.problem });
  try {
    const config = loadConfig(io.env);
    const file = parsed.config ?? config.BATON_CONFIG;
    const platforms = platformPoliciesOf(BOT_MODULES);
    const { catalog, warnings } = await loadCatalogWithWarnings(file, {
      required: parsed.config !== undefined,
      platforms,
      discovery: catalogDiscoveryOn(BOT_MODULES, config),
    });
    for (const warning of warnings)
      io.stderr(`baton classify: warning: ${file}: ${warning.path}: ${warning.message}`);
    const logger = createLogger({
      level: "warn",
      destination: { write: (line: string) => io.stderr(line.trimEnd()) },
      bindings: { command: "classify" },
    });
    const { snapshot } = await readDiscoveredCatalog(config);
    const merged = mergeDiscoveredCatalog(catalog, snapshot);
    const source = { version: async () => snapshot.version, read: async () => snapshot };
    const classifier = createBatonClassifier({ config, catalog, platforms, source, logger });
    const request = buildCliRequest(parsed, merged.catalog);
    const decision = await classifier.classify(request);
    if (!parsed.explain) {
      io.stdout(JSON.stringify(decision, null, 2));
      return 0;
    }
    const evidence = explainRanking(merged, request, platforms);
    io.stdout(JSON.stringify({ decision, discovered: snapshot.repositories.length, evidence }, null, 2));
    return 0;
  } catch (error) {
    if (!(error instanceof BatonError)) throw error;
    io.stderr(`baton classify: ${error.message}`);
    return 1;
  }
}

function parseClassifyArgs(args: string[]): Parsed {
  const parsed = parseCliArgs({
    args,
    allowPositionals: true,
    options: {
      platform: { type: "string" },
      channel: { type: "string" },
      repo: { type: "string" },
      context: { type: "string", multiple: true },
      config: { type: "string" },
      explain: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (parsed.kind === "usage") return parsed;
  const { values, positionals } = parsed;
  if (values.help) return { kind: "usage" };
  const platform = SAMPLED.find(({ platform }) => platform === (values.platform ?? SAMPLED_NAMES[0]));
  if (!platform)
    return {
      kind: "usage",
      problem: `--platform must be one of ${SAMPLED_NAMES.join(", ")}, not "${values.platform}".`,
    };
  const text = positionals.join(" ").trim();
  if (text.length === 0) return { kind: "usage", problem: "give the message to classify, in quotes." };
  const sample = platform.sample.conversation({ channel: values.channel, repo: values.repo });
  if (sample.kind === "usage") return sample;
  const context: Record<string, string> = {};
  for (const entry of values.context ?? []) {
    const [key = "", ...rest] = entry.split("=");
    if (!key || rest.length === 0)
      return { kind: "usage", problem: `--context takes KEY=VALUE, not "${entry}".` };
    context[key] = rest.join("=");
  }
  return {
    kind: "classify",
    platform: platform.platform,
    sample,
    text,
    context,
    config: values.config,
    explain: values.explain === true,
  };
}

function buildCliRequest(input: Extract<Parsed, { kind: "classify" }>, catalog: Catalog): SessionRequest {
  // What the operator gave with --context wins over what the platform's sample put there.
  const context = { ...input.sample.context, ...input.context };
  const { conversation } = input.sample;
  // Flags are read the way inbound adapters read them.
  const { prompt, hints } = parseRequestText(input.text, catalog);
  return sessionRequestSchema.parse({
    version: 1,
    id: "cli",
    deliveryId: "cli",
    conversation,
    actor: { platform: input.platform, id: "cli" },
    text: prompt,
    hints,
    context,
    receivedAt: new Date().toISOString(),
  });
}
