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
  },
});
