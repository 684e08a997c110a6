import { afterEach, describe, expect, it } from "vitest";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";

describe("who may read /metrics", () => {
  let t: TestBaton | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("with BATON_METRICS_TOKEN, only a caller with the bearer token", async () => {
    t = await startTestBaton({ env: { BATON_METRICS_TOKEN: METRICS_TOKEN } });
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.url}/metrics`, { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("baton_intake_backlog");
  });

  it("with BATON_METRICS_PORT, on that address and not on the public port", async () => {
    t = await startTestBaton({ env: { BATON_METRICS_PORT: "0" } });
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    expect(t.baton.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const scraped = await fetch(`${t.baton.metricsUrl}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("baton_turn_jobs");
  });
});
