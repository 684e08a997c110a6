/**
 * bench/classifier — accuracy, wrong-rate, ask-rate, latency and prompt tokens of the classifier on
 * the labeled evaluation sets, for the rules + lexical path and the LLM path, with the evaluation
 * catalog and with a 2,000-repository catalog grown from it (deterministically, from a seed).
 * The tuning set (cases-slack/linear/github.yaml) and the held-out set (cases-holdout.yaml, never
 * used to tune the rules) are reported on separate rows.
 *
 * The LLM path runs against the testkit's scripted fake OpenAI server, which answers like a
 * careful labeler. When OPENAI_API_KEY or OPENAI_BASE_URL is set it runs both sets against that
 * endpoint (OPENAI_MODEL, default gpt-4.1-mini) instead and prints what a model decided and what
 * each decision cost: tokens × BENCH_LLM_INPUT_USD_PER_MTOK / BENCH_LLM_OUTPUT_USD_PER_MTOK
 * (defaults: gpt-4.1-mini's list prices). The baseline, measured in the same run, is a naive
 * linear scan over the catalog (what the classifier would cost without its load-time indexes).
 *
 *   npm run bench:classifier
 *   OPENAI_API_KEY=sk-… OPENAI_MODEL=gpt-4.1-mini npm run bench:classifier
 */
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";
import {
  type Catalog,
  type ClassifierLlm,
  createClassifier,
  createClassifierLlm,
  type Decision,
  type LogFields,
  type Logger,
  mergeDiscoveredCatalog,
  type ProfileEvidence,
  silentLogger,
} from "@baton/core";
import { startFakeOpenAI } from "@baton/testkit";
import {
  buildEvalRequest,
  type CaseOutcome,
  type EvalCase,
  loadEvalSet,
  loadHoldoutSet,
  scoreDecision,
  summarizeOutcomes,
} from "../core/test/fixtures/classifier/eval-set.js";
import { DEFAULT_CATALOG_SEED, generateCatalog } from "../core/test/fixtures/classifier/generate-catalog.js";
import { createLabelerScript } from "../core/test/fixtures/classifier/labeler-script.js";
import { loadRepositoryProfiles } from "../core/test/fixtures/classifier/repository-profiles.js";
import { PLATFORMS } from "../core/test/fixtures/platforms.js";
import { reportTarget } from "./bench-support.mjs";
import { runLearningBench } from "./classifier/learning-run.js";

const LARGE_CATALOG_REPOSITORIES = 2_000;
/** Passes over the labeled set when timing the rule path, for a stable p99. */
const RULE_PATH_PASSES = 30;
const BASELINE_PASSES = 3;
const WARM_UP_PASSES = 3;
const REAL_LLM_CONCURRENCY = 8;
const RULE_PATH_P99_BUDGET_MS = 1;
/** Issue 27: on the held-out set, with no model and with repository profiles. */
const HOLDOUT_MAX_ASK_RATE = 0.2;
const HOLDOUT_MAX_WRONG_RATE = 0.01;
/** USD per million tokens: gpt-4.1-mini's list prices, for the default model. */
const DEFAULT_INPUT_USD_PER_MTOK = 0.4;
const DEFAULT_OUTPUT_USD_PER_MTOK = 1.6;
const TOKENS_PER_MTOK = 1_000_000;

interface TokenPrices {
  inputUsdPerMtok: number;
  outputUsdPerMtok: number;
}

interface PathFigures {
  label: string;
  cases: number;
  accuracy: number;
  wrongRate: number;
  askRate: number;
  p50Ms: number;
  p99Ms: number;
  promptTokensPerLlmCall: number | null;
  llmCalls: number;
  llmFailures: number;
  /** Only for a real endpoint: what the LLM calls cost, spread over every decision of the set. */
  costPerDecisionUsd: number | null;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** A logger that only counts the classifier's LLM events and their prompt tokens (never text). */
function createLlmMeter(): Logger & {
  calls: number;
  failures: number;
  promptTokens: number[];
  completionTokens: number;
} {
  const meter = {
    calls: 0,
    failures: 0,
    promptTokens: [] as number[],
    completionTokens: 0,
    debug(event: string, fields?: LogFields) {
      if (event !== "core.classifier.llm_answered") return;
      meter.calls += 1;
      if (typeof fields?.prompt_tokens === "number") meter.promptTokens.push(fields.prompt_tokens);
      if (typeof fields?.completion_tokens === "number") meter.completionTokens += fields.completion_tokens;
    },
    info() {},
    warn(event: string) {
      if (event !== "core.classifier.llm_failed") return;
      meter.calls += 1;
      meter.failures += 1;
    },
    error() {},
    child: () => meter,
  };
  return meter;
}

async function measurePath({
  label,
  catalog,
  profiles,
  cases,
  llm,
  passes,
  concurrency = 1,
  prices,
}: {
  label: string;
  catalog: Catalog;
  profiles?: ReadonlyMap<string, ProfileEvidence>;
  cases: readonly EvalCase[];
  llm?: ClassifierLlm;
  passes: number;
  concurrency?: number;
  /** Set for a real endpoint, whose tokens cost money. */
  prices?: TokenPrices;
}): Promise<PathFigures> {
  const meter = createLlmMeter();
  const classifier = createClassifier({
    platforms: PLATFORMS,
    catalog,
    profiles,
    llm,
    logger: llm ? meter : silentLogger,
  });
  const requests = cases.map(buildEvalRequest);
  const latencies: number[] = [];
  const decisions: Decision[] = new Array(cases.length);
  // Warm up the JIT on the rule path so the first row is not charged for compiling the classifier.
  if (!llm)
    for (let pass = 0; pass < WARM_UP_PASSES; pass += 1)
      for (const request of requests) await classifier.classify(request);
  for (let pass = 0; pass < passes; pass += 1) {
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const i = next;
        next += 1;
        const startedAt = performance.now();
        decisions[i] = await classifier.classify(requests[i]!);
        latencies.push(performance.now() - startedAt);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  const outcomes: CaseOutcome[] = cases.map((c, i) => scoreDecision(c, decisions[i]!));
  const summary = summarizeOutcomes(outcomes, decisions);
  latencies.sort((a, b) => a - b);
  const tokens = meter.promptTokens;
  const promptTokenTotal = tokens.reduce((a, b) => a + b, 0);
  const costUsd = prices
    ? (promptTokenTotal * prices.inputUsdPerMtok + meter.completionTokens * prices.outputUsdPerMtok) /
      TOKENS_PER_MTOK
    : null;
  return {
    label,
    cases: cases.length,
    accuracy: summary.accuracy,
    wrongRate: summary.wrongRate,
    askRate: summary.askRate,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    promptTokensPerLlmCall: tokens.length > 0 ? tokens.reduce((a, b) => a + b, 0) / tokens.length : null,
    llmCalls: meter.calls / passes,
    llmFailures: meter.failures / passes,
    costPerDecisionUsd: costUsd === null ? null : costUsd / (cases.length * passes),
  };
}

/**
 * The baseline: score every target by scanning its terms with a whole-word regex, per request,
 * with no index (what the lexical step would cost if the catalog were not indexed at load).
 */
function createNaiveScan(catalog: Catalog): (text: string) => string | undefined {
  const targets = [
    ...catalog.repositories.map((r) => ({
      id: r.repo,
      terms: [r.repo.split("/")[1] ?? "", ...r.aliases, ...r.keywords, ...r.description.split(/\W+/)],
    })),
    ...catalog.environments.map((e) => ({
      id: `env:${e.id}`,
      terms: [e.id, e.name, ...e.aliases, ...e.keywords, ...e.description.split(/\W+/)],
    })),
  ];
  const escapeRegExp = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return (text) => {
    const lower = text.toLowerCase();
    let best: { id: string; score: number } | undefined;
    for (const target of targets) {
      let score = 0;
      for (const term of target.terms) {
        if (term.length > 2 && new RegExp(`\\b${escapeRegExp(term.toLowerCase())}\\b`).test(lower))
          score += 1;
      }
      if (score > 0 && (!best || score > best.score)) best = { id: target.id, score };
    }
    return best?.id;
  };
}

function measureBaseline(catalog: Catalog, cases: readonly EvalCase[]): { p50Ms: number; p99Ms: number } {
  const scan = createNaiveScan(catalog);
  const latencies: number[] = [];
  for (let pass = 0; pass < BASELINE_PASSES; pass += 1) {
    for (const c of cases) {
      const startedAt = performance.now();
      scan(`${c.text}\n${Object.values(c.context).join("\n")}`);
      latencies.push(performance.now() - startedAt);
    }
  }
  latencies.sort((a, b) => a - b);
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ms = (x: number) => (x < 1 ? `${(x * 1000).toFixed(0)} µs` : `${x.toFixed(2)} ms`);

function printTable(rows: readonly PathFigures[]): void {
  const header = [
    "path / catalog",
    "cases",
    "accuracy",
    "wrong",
    "ask",
    "p50",
    "p99",
    "LLM calls",
    "LLM failed",
    "prompt tokens/call",
    "cost/decision",
  ];
  const lines = rows.map((r) => [
    r.label,
    String(r.cases),
    pct(r.accuracy),
    pct(r.wrongRate),
    pct(r.askRate),
    ms(r.p50Ms),
    ms(r.p99Ms),
    String(r.llmCalls),
    String(r.llmFailures),
    r.promptTokensPerLlmCall === null ? "0 (no LLM)" : r.promptTokensPerLlmCall.toFixed(0),
    r.costPerDecisionUsd === null ? "-" : `$${r.costPerDecisionUsd.toFixed(6)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const benchStartedAt = performance.now();
  const { catalog: evalCatalog, cases } = loadEvalSet();
  const holdout = loadHoldoutSet();
  const sets = [
    { name: "tuning", cases },
    { name: "held-out", cases: holdout },
  ];
  const indexStartedAt = performance.now();
  const largeCatalog = generateCatalog({
    base: evalCatalog,
    repositories: LARGE_CATALOG_REPOSITORIES,
    seed: DEFAULT_CATALOG_SEED,
  });
  createClassifier({ platforms: PLATFORMS, catalog: largeCatalog, logger: silentLogger }); // builds and caches the indexes
  const indexBuildMs = performance.now() - indexStartedAt;

  const cpuList = cpus();
  console.log("bench/classifier");
  console.log(
    `machine: ${cpuList.length} × ${cpuList[0]?.model ?? "unknown cpu"}, node ${process.version}, ${process.platform}/${process.arch}`,
  );
  const byPlatform = (set: readonly EvalCase[]) =>
    ["slack", "linear", "github"].map((p) => `${set.filter((c) => c.platform === p).length} ${p}`).join(", ");
  console.log(`labeled sets: tuning ${cases.length} cases (${byPlatform(cases)})`);
  console.log(
    `              held-out ${holdout.length} cases (${byPlatform(holdout)}), written without sight of the rules, never tuned on`,
  );
  console.log(
    `catalogs: eval ${evalCatalog.repositories.length} repos / ${evalCatalog.environments.length} envs; large ${largeCatalog.repositories.length} repos / ${largeCatalog.environments.length} envs (seed ${DEFAULT_CATALOG_SEED}, built and indexed in ${ms(indexBuildMs)})`,
  );
  console.log("");

  // Profiles of the generated repositories (repositories.yaml), merged as the worker merges
  // what the GitHub App read; and the catalog as discovery alone would know it: each repository's
  // GitHub description, no aliases or keywords.
  const profiles = loadRepositoryProfiles();
  const snapshot = { version: "bench", repositories: [], profiles };
  const profiled = (catalog: Catalog) => mergeDiscoveredCatalog(catalog, snapshot);
  const withoutYamlWords: Catalog = {
    ...evalCatalog,
    repositories: evalCatalog.repositories.map((r) => ({ ...r, aliases: [], keywords: [] })),
  };
  console.log(
    `profiles: ${profiles.length} generated repositories (README, folders, packages, CODEOWNERS), ${Math.round(profiles.reduce((n, p) => n + p.terms.length, 0) / profiles.length)} terms each on average`,
  );
  console.log("");
  const catalogs = [
    { name: `${evalCatalog.repositories.length} repos`, catalog: evalCatalog },
    { name: `${largeCatalog.repositories.length} repos`, catalog: largeCatalog },
  ];
  const profiledCatalogs = [
    { name: `${evalCatalog.repositories.length} repos + profiles`, ...profiled(evalCatalog) },
    { name: `${largeCatalog.repositories.length} repos + profiles`, ...profiled(largeCatalog) },
    { name: "descriptions only + profiles", ...profiled(withoutYamlWords) },
  ];
  const rows: PathFigures[] = [];
  const rulesRows = new Map<string, PathFigures>();
  for (const { name, catalog } of catalogs) {
    for (const set of sets) {
      const row = await measurePath({
        label: `rules+lexical, ${set.name}, ${name}`,
        catalog,
        cases: set.cases,
        passes: RULE_PATH_PASSES,
      });
      rows.push(row);
      rulesRows.set(`${set.name}, ${name}`, row);
    }
  }
  for (const { name, catalog, profiles: byRepo } of profiledCatalogs) {
    for (const set of sets) {
      const row = await measurePath({
        label: `rules+lexical, ${set.name}, ${name}`,
        catalog,
        profiles: byRepo,
        cases: set.cases,
        passes: RULE_PATH_PASSES,
      });
      rows.push(row);
      rulesRows.set(`${set.name}, ${name}`, row);
    }
  }

  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL = "gpt-4.1-mini" } = process.env;
  const realEndpoint = Boolean(OPENAI_API_KEY || OPENAI_BASE_URL);
  const prices: TokenPrices = {
    inputUsdPerMtok: readPrice("BENCH_LLM_INPUT_USD_PER_MTOK", DEFAULT_INPUT_USD_PER_MTOK),
    outputUsdPerMtok: readPrice("BENCH_LLM_OUTPUT_USD_PER_MTOK", DEFAULT_OUTPUT_USD_PER_MTOK),
  };
  const fake = realEndpoint ? undefined : await startFakeOpenAI();
  try {
    // A real model is measured on the evaluation catalog only: the large catalog's generated
    // repositories would cost tokens without saying more about its judgement.
    for (const { name, catalog } of realEndpoint ? catalogs.slice(0, 1) : catalogs) {
      for (const set of sets) {
        fake?.setScript(createLabelerScript(set.cases, catalog));
        const llm = createClassifierLlm(
          fake
            ? { apiKey: "sk-bench", baseUrl: fake.url, model: "gpt-bench" }
            : { apiKey: OPENAI_API_KEY, baseUrl: OPENAI_BASE_URL, model: OPENAI_MODEL },
        );
        const label = `LLM (${fake ? "scripted fake" : OPENAI_MODEL}), ${set.name}, ${name}`;
        rows.push(
          await measurePath({
            label,
            catalog,
            cases: set.cases,
            llm,
            passes: 1,
            concurrency: fake ? 1 : REAL_LLM_CONCURRENCY,
            ...(fake ? {} : { prices }),
          }),
        );
      }
    }
  } finally {
    await fake?.close();
  }

  printTable(rows);
  console.log("");
  if (realEndpoint) {
    console.log(
      `cost: prompt tokens × $${prices.inputUsdPerMtok}/M + completion tokens × $${prices.outputUsdPerMtok}/M (BENCH_LLM_INPUT_USD_PER_MTOK, BENCH_LLM_OUTPUT_USD_PER_MTOK), over every decision of the set`,
    );
  }
  const smallRules = rulesRows.get(`tuning, ${catalogs[0]!.name}`);
  const largeRules = rulesRows.get(`tuning, ${catalogs[1]!.name}`);
  const baseline = measureBaseline(largeCatalog, cases);
  console.log(
    `baseline (naive linear scan of the ${largeCatalog.repositories.length}-repo catalog, lexical ranking only): p50 ${ms(baseline.p50Ms)}, p99 ${ms(baseline.p99Ms)}`,
  );
  console.log(
    `ratio: the indexed rule path (whole ladder) is ${(baseline.p50Ms / largeRules!.p50Ms).toFixed(1)}× faster than the naive scan at p50, ${(baseline.p99Ms / largeRules!.p99Ms).toFixed(1)}× at p99`,
  );
  console.log(
    `ratio: rule path p50 at ${largeCatalog.repositories.length} repos is ${(largeRules!.p50Ms / smallRules!.p50Ms).toFixed(2)}× its p50 at ${evalCatalog.repositories.length} repos`,
  );
  const withinBudget = largeRules!.p99Ms < RULE_PATH_P99_BUDGET_MS;
  console.log(
    `rule path p99 at ${largeCatalog.repositories.length} repos: ${ms(largeRules!.p99Ms)} (budget ${RULE_PATH_P99_BUDGET_MS} ms: ${withinBudget ? "met" : "MISSED"})`,
  );
  if (!realEndpoint) {
    console.log(
      "note: against the scripted fake, the LLM rows measure Baton's plumbing and its candidate preselection",
    );
    console.log("      (the fake answers the label when it was offered), not a model's judgement.");
  }
  await runLearningBench(evalCatalog, cases);
  console.log(`total ${((performance.now() - benchStartedAt) / 1000).toFixed(1)} s`);
  // A missed budget exits 2 (ran, missed a target), apart from a run that could not measure (1).
  const profiledHoldout = rulesRows.get(`held-out, ${profiledCatalogs[0]!.name}`)!;
  reportTarget({
    name: `classifier: held-out ask rate, no model, ${profiledCatalogs[0]!.name}`,
    value: Number((profiledHoldout.askRate * 100).toFixed(1)),
    target: `<= ${HOLDOUT_MAX_ASK_RATE * 100} %`,
    met: profiledHoldout.askRate <= HOLDOUT_MAX_ASK_RATE,
  });
  reportTarget({
    name: `classifier: held-out wrong rate, no model, ${profiledCatalogs[0]!.name}`,
    value: Number((profiledHoldout.wrongRate * 100).toFixed(1)),
    target: `<= ${HOLDOUT_MAX_WRONG_RATE * 100} %`,
    met: profiledHoldout.wrongRate <= HOLDOUT_MAX_WRONG_RATE,
  });
  reportTarget({
    name: `classifier: rule path p99 ms at ${largeCatalog.repositories.length} repos`,
    value: Number(largeRules!.p99Ms.toFixed(3)),
    target: `< ${RULE_PATH_P99_BUDGET_MS}`,
    met: withinBudget,
  });
}

function readPrice(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const price = Number(raw);
  if (!Number.isFinite(price) || price < 0)
    throw new Error(`${name} must be a price in USD per million tokens`);
  return price;
}

await main();
