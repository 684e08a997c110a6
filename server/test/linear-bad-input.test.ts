import { buildAgentSessionEvent } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LinearScenario,
  startLinearScenario,
  waitForActivities,
} from "./fixtures/start-linear-scenario.js";

const CATALOG = `
repositories:
  - repo: acme/web
linear:
  teams:
    ENG: acme/web
`;

describe("Linear webhooks: bad input starts nothing", () => {
  let s: LinearScenario;
  afterEach(() => s.close());

  function eventFor(title: string, extra: { webhookTimestamp?: number } = {}) {
    const issue = s.linear.store.seedIssue({ title, team: "ENG" });
    const session = s.linear.store.seedAgentSession(issue.id);
    return buildAgentSessionEvent("created", {
      store: s.linear.store,
      issue,
      agentSessionId: session.id,
      creatorId: s.person.id,
      ...extra,
    });
  }

  /** A good delivery after the bad ones: once it is answered, anything accepted before it would have been too. */
  async function expectOnlyTheNextOneRuns(bad: Array<{ agentSessionId: string }>) {
    const good = await s.send(eventFor("A good one"));
    expect(good.status).toBe(200);
    await waitForActivities(s.linear, good.agentSessionId, "thought");
    for (const { agentSessionId } of bad) expect(s.linear.activityContents(agentSessionId)).toEqual([]);
  }

  it("refuses a bad signature (401) and a webhookTimestamp more than 60 s away (400), and says why in the log", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const forged = await s.send(eventFor("Forged"), { signature: "0".repeat(64) });
    expect(forged.status).toBe(401);
    const stale = await s.send(eventFor("Stale", { webhookTimestamp: Date.now() - 61_000 }));
    expect(stale.status).toBe(400);
    const future = await s.send(eventFor("From the future", { webhookTimestamp: Date.now() + 61_000 }));
    expect(future.status).toBe(400);
    await expectOnlyTheNextOneRuns([forged, stale, future]);
    const reasons = s.t.logger.lines
      .filter((l) => l.event === "bots.linear.request_rejected")
      .map((l) => l.fields.reason);
    expect(reasons).toEqual(["bad_signature", "stale_timestamp", "stale_timestamp"]);
  });

  it("starts one session for a replayed linear-delivery", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const payload = eventFor("Once only");
    const first = await s.send(payload, { deliveryId: "delivery-replayed" });
    const replay = await s.send(payload, { deliveryId: "delivery-replayed" });
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(JSON.parse(replay.body)).toMatchObject({ outcome: "duplicate" });
    const run = await s.agent.waitForRun(1);
    run.finish();
    await waitForActivities(s.linear, first.agentSessionId, "response");
    expect(s.agent.runs).toHaveLength(1);
    expect(s.linear.activityContents(first.agentSessionId).filter((c) => c.type === "thought")).toHaveLength(
      2,
    );
  });

  it("answers 200 to event types it does not handle, and 400 to a payload that is not an agent session event", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const issueEvent = await s.send({
      type: "Issue",
      action: "create",
      webhookTimestamp: Date.now(),
      data: {},
    });
    expect(issueEvent.status).toBe(200);
    expect(JSON.parse(issueEvent.body)).toMatchObject({ ignored: "unknown_event_type" });
    const broken = await s.send({
      type: "AgentSessionEvent",
      action: "created",
      webhookTimestamp: Date.now(),
    });
    expect(broken.status).toBe(400);
    const notJson = await fetch(`${s.t.url}/linear/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json", "linear-signature": "abc" },
      body: "{",
    });
    expect(notJson.status).toBe(401);
    await expectOnlyTheNextOneRuns([]);
  });
});
