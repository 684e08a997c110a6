import { checkOpenAI, createRedisThreadStore } from "@baton/backends";
import { createRedisKeys, silentLogger } from "@baton/core";
import { Redis } from "ioredis";
import { codexHarnessFromConfig } from "../../platforms/setup-codex-backend.js";
import { LOCAL_REDIS_URL } from "../../redis/resolve-redis.js";
import type { DoctorCheck, DoctorCheckResult, DoctorFinding } from "./doctor-check.js";
import { findingFor } from "./openai-backend-doctor-check.js";

/**
 * BATON_BACKEND=codex: the model server is configured, the pinned `codex` CLI runs, and its sandbox
 * works on this machine (a command in it can write its workspace and nothing beside it). A machine
 * that refuses unprivileged user namespaces is a problem with the fix: Baton never runs the
 * agent's commands without the sandbox.
 */
export const codexBackendDoctorCheck: DoctorCheck = {
  name: "backend-codex",
  async run({ config, timeoutMs }): Promise<DoctorCheckResult> {
    if (config.BATON_BACKEND !== "codex") return { kind: "not_applicable" };
    const model = await checkOpenAI({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.CODEX_MODEL,
      timeoutMs,
    });
    const where = config.OPENAI_BASE_URL ?? "OpenAI's API";
    const findings: DoctorFinding[] = [
      model.kind === "failed"
        ? {
            // A server may speak the Responses API without listing its models.
            kind: "warning",
            text: `${where} does not list its models (HTTP ${model.status}), so CODEX_MODEL was not checked`,
            fix: "Make sure the server speaks the Responses API (POST /v1/responses) and serves CODEX_MODEL.",
          }
        : findingFor(model, where, config.CODEX_MODEL, { variable: "CODEX_MODEL", backend: "codex" }),
    ];
    // The check runs no turn, so the thread store never reaches Redis (the connection is lazy).
    const redis = new Redis(config.REDIS_URL ?? LOCAL_REDIS_URL, { lazyConnect: true });
    try {
      const harness = codexHarnessFromConfig(config, {
        threadStore: createRedisThreadStore({ redis, keys: createRedisKeys(config.BATON_REDIS_PREFIX) }),
        logger: silentLogger,
      });
      // The sandbox probe starts a CLI and a namespace: give it more than a network call.
      const check = await harness.check(AbortSignal.timeout(Math.max(timeoutMs, 20_000)));
      findings.push(
        check.ok
          ? { kind: "ok", text: `codex ${check.version} runs, and its sandbox works here` }
          : { kind: "problem", text: `the agent cannot run here: ${check.reason}`, fix: check.fix },
      );
    } finally {
      redis.disconnect();
    }
    return { kind: "checked", title: "Backend (codex)", findings };
  },
};
