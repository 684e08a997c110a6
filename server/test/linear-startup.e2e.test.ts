import { type FakeLinear, startFakeLinear } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LinearScenario,
  startLinearScenario,
  waitForActivities,
} from "./fixtures/start-linear-scenario.js";

describe("Linear: the API key's check at startup", () => {
  let s: LinearScenario | undefined;
  let linear: FakeLinear | undefined;
  afterEach(async () => {
    await (s ? s.close() : linear?.close());
    s = undefined;
    linear = undefined;
  });

  it("waits out Linear being away (5xx, rate limits) instead of failing to start, then serves", async () => {
    linear = await startFakeLinear();
    linear.failNext({ kind: "http_500" }, { operation: "batonViewer", times: 2 });
    linear.failNext({ kind: "http_429", retryAfterSeconds: 0 }, { operation: "batonViewer" });
    s = await startLinearScenario({ linear });
    const viewerChecks = linear.operations.filter((op) => op.name === "batonViewer").map((op) => op.outcome);
    expect(viewerChecks.slice(0, 4)).toEqual(["http_500", "http_500", "http_429", "ok"]);
    const waits = s.t.logger.lines.filter((line) => line.event === "server.linear.unreachable");
    expect(waits.map((line) => line.fields.attempt)).toEqual([1, 2]);
    // Started for real: a session opens and is acknowledged.
    const sent = await s.created(linear.store.seedIssue({ title: "Fix the cart", team: "ENG" }));
    expect(sent.status).toBe(200);
    await waitForActivities(linear, sent.agentSessionId, "thought");
  });

  it("still refuses at once a key that Linear rejects, with the fix", async () => {
    linear = await startFakeLinear();
    const started = startLinearScenario({ linear, env: { LINEAR_API_KEY: "lin_api_revoked" } });
    await expect(started).rejects.toThrow(/refused the credentials.*LINEAR_API_KEY/s);
    expect(linear.operations.filter((op) => op.name === "batonViewer")).toHaveLength(1);
  });

  it("says what was wrong with an answer it cannot read, instead of calling Linear unreachable", async () => {
    linear = await startFakeLinear();
    // A proxy's sign-in page where Linear's GraphQL API should be.
    linear.failNext(
      { kind: "unreadable", body: "<html><body><h1>Sign in to Acme's proxy</h1></body></html>" },
      { operation: "batonViewer", times: 5 },
    );
    const started = startLinearScenario({ linear });
    await expect(started).rejects.toThrow(
      /Linear answered 200 but the body was not the GraphQL answer expected: <html><body><h1>Sign in to Acme's proxy/,
    );
    await expect(started).rejects.not.toThrow(/could not be reached/);
    await expect(started).rejects.toThrow(/LINEAR_API_URL/);
    // An answer is not an outage: it is not waited out.
    expect(linear.operations.filter((op) => op.name === "batonViewer")).toHaveLength(1);
  });
});
