import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Tests run against the packages' TypeScript sources (the `@baton/source` export condition), so
// `npm test` needs no build first.
const SOURCE_CONDITION = "@baton/source";

// The files that take longest (seconds each in full runs on the shared 2-core machine), started
// first so that the two workers end together. Without this, a fresh checkout (no results cache)
// orders by file size, and the chaos run, a short file, started last and ran alone for its last 30 s.
const LONGEST_FIRST = [
  "server/test/chaos.e2e.test.ts", // 68–90 s
  "server/test/codex-failures.e2e.test.ts", // 32–50 s
  "server/test/playground-start-cli.test.ts", // 24–38 s
  "backends/test/codex-harness-resume.test.ts", // 12–34 s
  "queue/test/crash-and-drain.test.ts", // 13–34 s
  "server/test/worker-pool.test.ts", // 17–32 s
  "server/test/playground-codex.e2e.test.ts", // 18–26 s
  "server/test/baton-cli.test.ts", // 23–26 s
  "server/test/codex-setup-script.e2e.test.ts", // 7–27 s
  "backends/test/codex-session-refusals.test.ts", // 10–24 s
  "server/test/codex-backend.e2e.test.ts", // 20 s
];

/** Vitest's own order (failed, then slowest of the last run, else largest file first), longest known first. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    include: ["{core,queue,bots/*,backends,server,testkit}/{src,test}/**/*.test.ts"],
    globalSetup: ["./testkit/src/redis/vitest-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores (here: one). Most of a test's time is spent
    // waiting on Redis, HTTP servers and child processes, so two files at once keep the suite
    // well inside ten minutes on a 2-core machine without starving either.
    maxWorkers: 2,
    // Each worker process runs file after file and keeps the modules it evaluated: a server test
    // otherwise spends 3–7 s evaluating Bolt, Probot, Octokit, BullMQ and our TypeScript sources
    // before its first test (a third of the suite's time). Test files still get their own module
    // instance; what they share is code without state of its own (nothing in the sources keeps
    // module-level state but memo caches), and each test restores what it changes in process.env.
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
