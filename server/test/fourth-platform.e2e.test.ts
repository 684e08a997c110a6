import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type BotModule,
  createRedisKeys,
  createReplyLedger,
  createWebhookRoute,
  type EnvironmentOf,
  environmentFields,
  type PlatformTurn,
  platformOffResult,
  type Replier,
  replierFor,
  requestIdForDelivery,
  verifyingSecretFinding,
  webhookText,
} from "@baton/core";
import { afterEach, describe, expect, it } from "vitest";
import { BOT_MODULES } from "../src/bots/bot-modules.js";
import { doctorChecksFor } from "../src/cli/doctor/doctor-checks.js";
import { runDoctorCommand } from "../src/cli/doctor-command.js";
import type { Config } from "../src/config/load-config.js";
import { eventually } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const SECRET = "acme-chat-signing-secret";

const acmeEnvironment = { ACME_CHAT_SECRET: environmentFields.optionalSecret() };
type AcmeEnv = EnvironmentOf<typeof acmeEnvironment>;

type Posted = { method: keyof Replier; turnId: string; text?: string };

function sign(body: string): string {
  return `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
}

/**
 * A fourth platform, "Acme Chat", written here from the contract alone: its variables, its one
 * webhook route (HMAC-signed JSON), verify, parse, receive, and its replier. Core's conversation
 * union is closed, so it rides on an existing variant (the one a new platform would add there);
 * nothing in core, queue or server changes for it. Its setup reads the server's configuration,
 * which carries the module's own slice, parsed.
 */
function acmeChatModule(posted: Posted[]): BotModule<Config & AcmeEnv> {
  const replier: Replier<"linear"> = {
    acknowledge: async (turn) => void posted.push({ method: "acknowledge", turnId: turn.id }),
    working: async (turn) => void posted.push({ method: "working", turnId: turn.id }),
    progress: async () => {},
    ask: async (turn) => void posted.push({ method: "ask", turnId: turn.id }),
    result: async (turn: PlatformTurn<"linear">, outcome) =>
      void posted.push({ method: "result", turnId: turn.id, text: outcome.summary }),
    failed: async (turn) => void posted.push({ method: "failed", turnId: turn.id }),
    declined: async (turn) => void posted.push({ method: "declined", turnId: turn.id }),
  };
  return {
    platform: "linear",
    environment: acmeEnvironment,
    secrets: ["ACME_CHAT_SECRET"],
    variables: ["ACME_CHAT_SECRET"],
    disabledHint: "Acme Chat is off. Set ACME_CHAT_SECRET to turn it on.",
    title: "Acme Chat",
    // What `baton doctor` reports of it, written here like the rest: no line of the doctor changes.
    doctor: {
      name: "acme",
      run: async ({ config }) =>
        config.ACME_CHAT_SECRET
          ? {
              kind: "checked",
              title: "Acme Chat",
              findings: [
                verifyingSecretFinding({
                  name: "ACME_CHAT_SECRET",
                  value: config.ACME_CHAT_SECRET,
                  title: "Acme Chat",
                  unverified: "Acme Chat's events",
                  fix: "Copy the signing secret from Acme Chat's app page into ACME_CHAT_SECRET.",
                }),
              ],
            }
          : platformOffResult("Acme Chat", "ACME_CHAT_SECRET"),
    },
    async setup(config, services) {
      const secret = config.ACME_CHAT_SECRET!;
      const route = createWebhookRoute<string, { id: string; room: string; text: string }>({
        path: "/acme/events",
        component: "bots.acme",
        logger: services.logger,
        decode: webhookText,
        verify(body, request) {
          const given = Buffer.from(String(request.headers["x-acme-signature"] ?? ""));
          const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
          return given.length === expected.length && timingSafeEqual(given, expected)
            ? { ok: true }
            : { ok: false, status: 401, reason: "bad_signature" };
        },
        async receive(event, _request, response, replies) {
          const result = await services.intake({
            version: 1,
            id: requestIdForDelivery("linear", event.id),
            deliveryId: event.id,
            conversation: {
              platform: "linear",
              organizationId: "acme",
              issueId: event.room,
              agentSessionId: event.room,
            },
            actor: { platform: "linear", id: "ada" },
            text: event.text,
            attachments: [],
            hints: {},
            context: {},
            receivedAt: new Date().toISOString(),
          });
          replies.json(response, 202, { [result.kind]: result.turnId });
        },
      });
      return {
        platform: "linear",
        routes: [route],
        replier: replierFor("linear", replier),
        steering: () => ({ allowed: true }),
      };
    },
  };
}

describe("a fourth platform, added from a test", () => {
  let t: TestBaton | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("runs a signed request through the gateway, the queue and the worker to its replier's result", async () => {
    const posted: Posted[] = [];
    t = await startTestBaton({
      bots: ["linear"],
      modules: [acmeChatModule(posted)],
      catalogYaml: "repositories:\n  - repo: acme/web\n",
      env: { ACME_CHAT_SECRET: SECRET },
    });
    const post = (body: string, signature: string) =>
      fetch(`${t?.url}/acme/events`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-acme-signature": signature },
        body,
      });

    const body = JSON.stringify({ id: "acme-delivery-1", room: "room-1", text: "fix the flaky login test" });
    const forged = await post(body, sign(`${body} `));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: "bad_signature" });
    expect(t.logger.lines.filter((line) => line.event === "bots.acme.request_rejected")).toHaveLength(1);
    const malformed = await post("{not json", sign("{not json"));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "malformed_json" });

    const answer = await post(body, sign(body));
    expect(answer.status).toBe(202);
    const { accepted: turnId } = (await answer.json()) as { accepted: string };
    const result = await eventually("the result", () => posted.find((call) => call.method === "result"));
    expect(result.turnId).toBe(turnId);
    expect(result.text).toContain("Plan (dry run");
    expect(posted.filter((call) => call.method === "result")).toHaveLength(1);
    expect(posted.map((call) => call.method)).toEqual(expect.arrayContaining(["acknowledge", "working"]));
    // The reply ledger's steps were taken around this replier too, though it wrote none of them.
    const ledger = createReplyLedger({ redis: t.redis.redis, keys: createRedisKeys(t.redis.prefix) });
    expect(await ledger.isTurnFinished(turnId)).toBe(true);
    expect(await ledger.pendingRequest(turnId)).toMatchObject({ deliveryId: "acme-delivery-1" });
  });

  it("brings its own doctor check: baton doctor reports it after the listed platforms, from its own variables", async () => {
    const modules = [...BOT_MODULES, acmeChatModule([])];
    const doctor = async (env: Record<string, string>) => {
      const out: string[] = [];
      const io = { env, stdout: (line: string) => void out.push(line), stderr: () => {} };
      await runDoctorCommand([], io, doctorChecksFor(modules), modules);
      return out.join("\n").split("\n");
    };
    const on = await doctor({ ACME_CHAT_SECRET: SECRET, REDIS_URL: "redis://127.0.0.1:1" });
    const title = on.indexOf("Acme Chat");
    expect(title).toBeGreaterThan(on.indexOf("Linear"));
    expect(on[title + 1]).toBe("  ✓ ACME_CHAT_SECRET is set");
    const off = await doctor({ REDIS_URL: "redis://127.0.0.1:1" });
    expect(off[off.indexOf("Acme Chat") + 1]).toBe("  - off: set ACME_CHAT_SECRET to turn it on");
    // The same doctor without the module says nothing of it.
    const io = {
      env: { REDIS_URL: "redis://127.0.0.1:1" },
      stdout: (line: string) => void without.push(line),
      stderr: () => {},
    };
    const without: string[] = [];
    await runDoctorCommand([], io);
    expect(without.join("\n")).not.toContain("Acme Chat");
  });
});
