import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRedisKeys, silentLogger } from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { createCodexHarness } from "../src/codex/harness/codex/create-codex-harness.js";
import {
  createRedisThreadStore,
  type HarnessThreadStore,
} from "../src/codex/harness/codex/harness-thread-store.js";
import type { CodexBinary } from "../src/codex/harness/codex/resolve-codex-binary.js";
import type { CodingHarness, HarnessEvent, HarnessTurnInput } from "../src/codex/harness/coding-harness.js";

export const MODEL_KEY = "sk-fake-model-key";
/** A model the CLI knows: it offers `apply_patch` as a freeform tool. */
export const KNOWN_MODEL = "gpt-5.5";

// The CLI will not keep its helper binaries under /tmp, so a worker's data dir in these tests
// lives in the repository's (ignored) node_modules/.cache, as a real one lives under /var/lib.
const DATA_ROOT = fileURLToPath(new URL("../../node_modules/.cache/baton-codex-tests/", import.meta.url));

export interface WorkerFixture {
  dataDir: string;
  harness: CodingHarness;
}

/** One Redis prefix and one thread store per test; each "worker" gets a data dir of its own. */
export async function createHarnessFixture() {
  const redis: TestRedis = await createTestRedis("codex");
  const threadStore: HarnessThreadStore = createRedisThreadStore({
    redis: redis.redis,
    keys: createRedisKeys(redis.prefix),
  });
  const dataDirs: string[] = [];
  const worker = (
    modelUrl: string,
    options: { apiKey?: string; unreachableGiveUpMs?: number; binary?: CodexBinary } = {},
  ): WorkerFixture => {
    mkdirSync(DATA_ROOT, { recursive: true });
    const dataDir = mkdtempSync(join(DATA_ROOT, "worker-"));
    dataDirs.push(dataDir);
    const harness = createCodexHarness({
      model: { baseUrl: modelUrl, apiKey: options.apiKey ?? MODEL_KEY },
      codexHome: join(dataDir, "codex-home"),
      tempRoot: join(dataDir, "tmp"),
      threadStore,
      logger: silentLogger,
      commandPath: process.env.PATH ?? "/usr/bin:/bin",
      ...(options.unreachableGiveUpMs ? { unreachableGiveUpMs: options.unreachableGiveUpMs } : {}),
      ...(options.binary ? { binary: options.binary } : {}),
    });
    return { dataDir, harness };
  };
  const scratchDir = (prefix: string) => {
    mkdirSync(DATA_ROOT, { recursive: true });
    const dir = mkdtempSync(join(DATA_ROOT, prefix));
    dataDirs.push(dir);
    return dir;
  };
  return {
    redis,
    threadStore,
    worker,
    /** A directory of its own outside every workspace and outside /tmp, removed by cleanup. */
    scratchDir,
    async cleanup() {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await redis.cleanup();
    },
  };
}

export function turnInput(
  overrides: Partial<HarnessTurnInput> & Pick<HarnessTurnInput, "workingDirectory">,
): HarnessTurnInput {
  return {
    sessionId: `s-${Math.random().toString(36).slice(2, 10)}`,
    writableRoots: [],
    network: false,
    model: KNOWN_MODEL,
    prompt: "Fix the failing test.",
    deadlineMs: 60_000,
    ...overrides,
  };
}

/** Runs a turn to its end; `onEvent` may abort it. */
export async function collectTurn(
  harness: CodingHarness,
  input: HarnessTurnInput,
  signal: AbortSignal = new AbortController().signal,
  onEvent?: (event: HarnessEvent) => void,
): Promise<HarnessEvent[]> {
  const events: HarnessEvent[] = [];
  for await (const event of harness.runTurn(input, signal)) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}

export function lastEvent(events: HarnessEvent[]): HarnessEvent | undefined {
  return events.at(-1);
}

/** Live (not zombie) processes whose command line contains `needle`. */
export function livingProcessesWith(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "latin1").replaceAll("\0", " ");
      const state = readFileSync(`/proc/${entry}/stat`, "latin1").split(") ")[1]?.[0];
      if (cmdline.includes(needle) && state !== "Z") pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}
