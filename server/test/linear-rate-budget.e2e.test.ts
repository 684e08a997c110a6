import { startFakeLinear } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LinearScenario,
  startLinearScenario,
  waitForActivities,
} from "./fixtures/start-linear-scenario.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
linear:
  teams: { ENG: acme/web }
`;

describe("Linear sessions on the token's shared request budget, against the fake Linear's limit", () => {
  let s: LinearScenario;
  afterEach(() => s.close());

  it("stream progress far faster than the token may call: nothing refused, only the latest status, every response", async () => {
    // Two requests a second, eight at once, at the fake; Baton spends six at once.
    const linear = await startFakeLinear({
      rateLimits: { apiKey: { limit: 120, periodMs: 60_000, burst: 8 } },
    });
    s = await startLinearScenario({
      linear,
      catalogYaml: CATALOG,
      env: { BATON_RATE_LIMITS: "linear:requests=120/m:6" },
    });
    const sessions = [];
    for (let i = 0; i < 3; i += 1)
      sessions.push(await s.created(linear.store.seedIssue({ title: `Fix the cart ${i}`, team: "ENG" })));
    await s.agent.waitForRun(3, 30_000);
    for (let step = 0; step < 20; step += 1) {
      for (const run of s.agent.runs) run.emit({ type: "status", message: `Step ${step}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const run of s.agent.runs) run.finish();
    for (const { agentSessionId } of sessions) await waitForActivities(linear, agentSessionId, "response");

    expect(
      linear.operations.filter((op) => op.outcome === "ratelimited" || op.outcome === "http_429"),
    ).toEqual([]);
    let shown = 0;
    for (const { agentSessionId } of sessions) {
      const steps = linear
        .activityContents(agentSessionId)
        .filter((content) => content.type === "action" && content.action === "Step")
        .map((content) => Number(content.parameter));
      expect(steps.length).toBeLessThan(20);
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
      shown += steps.length;
    }
    expect(shown).toBeGreaterThan(0);
  }, 90_000);
});
