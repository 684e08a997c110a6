import {
  type BotModule,
  type BotServices,
  type Replier,
  readBody,
  requestIdForDelivery,
  sendJson,
} from "@baton/core";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../src/config/load-config.js";
import { eventually } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

type ReplierCall = { method: keyof Replier; turnId: string; summary?: string };
type RecordedCalls = { calls: ReplierCall[]; started: number; closed: number };

/**
 * A platform of the test's own, built only from the contract: one webhook route that hands a
 * request to intake, and a replier that records what the worker asks of it.
 */
function recordingBotModule(record: RecordedCalls): BotModule<Config> {
  const replier: Replier = {
    acknowledge: async (turn) => void record.calls.push({ method: "acknowledge", turnId: turn.id }),
    working: async (turn) => void record.calls.push({ method: "working", turnId: turn.id }),
    progress: async (turn) => void record.calls.push({ method: "progress", turnId: turn.id }),
    ask: async (turn) => void record.calls.push({ method: "ask", turnId: turn.id }),
    result: async (turn, outcome) =>
      void record.calls.push({ method: "result", turnId: turn.id, summary: outcome.summary }),
    failed: async (turn) => void record.calls.push({ method: "failed", turnId: turn.id }),
    declined: async (turn) => void record.calls.push({ method: "declined", turnId: turn.id }),
  };
  return {
    platform: "linear",
    environment: {},
    secrets: [],
    variables: ["LINEAR_WEBHOOK_SECRET"],
    disabledHint: "Linear is off. Set LINEAR_WEBHOOK_SECRET to turn it on.",
    async setup(_config, services: BotServices) {
      return {
        platform: "linear",
        routes: [
          {
            method: "POST",
            path: "/test-bot/hook",
            async handle(request, response) {
              const body = await readBody(request);
              if (body.kind !== "ok") return sendJson(response, 400, { error: body.kind });
              const { deliveryId, text } = JSON.parse(body.body.toString("utf8")) as {
                deliveryId: string;
                text: string;
              };
              const result = await services.intake({
                version: 1,
                id: requestIdForDelivery("linear", deliveryId),
                deliveryId,
                conversation: {
                  platform: "linear",
                  organizationId: "o1",
                  issueId: "i1",
                  agentSessionId: "a1",
                },
                actor: { platform: "linear", id: "ada" },
                text,
                attachments: [],
                hints: {},
                replyTo: { platform: "linear", agentSessionId: "a1" },
                context: {},
                receivedAt: new Date().toISOString(),
              });
              sendJson(response, 200, result);
            },
          },
        ],
        replier,
        steering: () => ({ allowed: true }),
        start: () => void record.started++,
        close: async () => void record.closed++,
      };
    },
  };
}

describe("bot modules", () => {
  let t: TestBaton | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = (record: RecordedCalls, env: Record<string, string> = {}) =>
    startTestBaton({
      bots: ["linear"],
      modules: [recordingBotModule(record)],
      catalogYaml: "repositories:\n  - repo: acme/web\n",
      env,
    });

  it("a module whose variables are missing is off, says so in one line, and serves nothing", async () => {
    const record: RecordedCalls = { calls: [], started: 0, closed: 0 };
    t = await start(record);
    const disabled = t.logger.lines.filter((line) => line.event === "server.linear.disabled");
    expect(disabled).toHaveLength(1);
    expect(disabled[0]?.fields).toMatchObject({
      missing: ["LINEAR_WEBHOOK_SECRET"],
      hint: "Linear is off. Set LINEAR_WEBHOOK_SECRET to turn it on.",
    });
    const answer = await fetch(`${t.url}/test-bot/hook`, { method: "POST", body: "{}" });
    expect(answer.status).toBe(404);
    expect(record.started).toBe(0);
  });

  it("a module that is on gets its route served, its replier used for its turns, and is started and closed", async () => {
    const record: RecordedCalls = { calls: [], started: 0, closed: 0 };
    t = await start(record, { LINEAR_WEBHOOK_SECRET: "secret" });
    expect(record.started).toBe(1);
    const started = t.logger.lines.find((line) => line.event === "server.started");
    expect(started?.fields.platforms).toEqual(["linear"]);

    const answer = await fetch(`${t.url}/test-bot/hook`, {
      method: "POST",
      body: JSON.stringify({ deliveryId: "delivery-1", text: "fix the flaky test" }),
    });
    expect(answer.status).toBe(200);
    const { turnId } = (await answer.json()) as { turnId: string };
    const result = await eventually("the result", () =>
      record.calls.find((call) => call.method === "result"),
    );
    expect(result.turnId).toBe(turnId);
    // Results reach every replier in the platform-neutral markdown; rendering is the replier's job.
    expect(result.summary).toContain("**Plan (dry run");
    expect(record.calls.map((call) => call.method)).toEqual(
      expect.arrayContaining(["acknowledge", "working"]),
    );

    await t.close();
    t = undefined;
    expect(record.closed).toBe(1);
  });
});
