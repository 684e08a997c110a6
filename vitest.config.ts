import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Tests run against the packages' TypeScript sources (the `@baton/source` export condition), so
// `npm test` needs no build first.
const SOURCE_CONDITION = "@baton/source";

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
  },
});
