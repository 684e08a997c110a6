import { checkOpenInspect, createOpenInspectClient } from "@baton/backends";
import {
  createRecordingLogger,
  FAKE_CONTROL_PLANE_SECRETS,
  type FakeControlPlane,
  getFreePort,
  startFakeControlPlane,
} from "@baton/testkit";
import { createTestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { createOpenInspectClientFromConfig } from "../src/platforms/setup-openinspect.js";
import { startBaton } from "../src/start-baton.js";

describe("BATON_BACKEND=openinspect needs only configuration", () => {
  it("names OPENINSPECT_URL, then the secrets, when they are missing", () => {
    const purpose = "BATON_BACKEND=openinspect";
    expect(() =>
      createOpenInspectClientFromConfig(loadConfig({ BATON_BACKEND: "openinspect" }), purpose),
    ).toThrow(/needs OPENINSPECT_URL/);
    expect(() =>
      createOpenInspectClientFromConfig(
        loadConfig({ BATON_BACKEND: "openinspect", OPENINSPECT_URL: "https://cp.example.com" }),
        purpose,
      ),
    ).toThrow(/OPENINSPECT_SLACK_SECRET, OPENINSPECT_GITHUB_SECRET, OPENINSPECT_LINEAR_SECRET/);
  });

  it("stops Baton at startup with that message", async () => {
    // The worker's queue is set up before its backend: what it wrote goes with the test.
    const redis = await createTestRedis("oi-setup");
    try {
      await expect(
        startBaton({
          mode: "worker",
          logger: createRecordingLogger(),
          env: {
            BATON_BACKEND: "openinspect",
            REDIS_URL: "redis://127.0.0.1:6379",
            BATON_REDIS_PREFIX: redis.prefix,
          },
        }),
      ).rejects.toThrow(/needs OPENINSPECT_URL/);
    } finally {
      await redis.cleanup();
    }
  });
});

describe("checkOpenInspect (for baton doctor)", () => {
  let plane: FakeControlPlane;
  beforeEach(async () => {
    plane = await startFakeControlPlane({ repos: [{ owner: "acme", name: "web" }], environments: [] });
  });
  afterEach(() => plane.closeServer());

  it("is ok when every configured identity is accepted", async () => {
    const client = createOpenInspectClient({
      baseUrl: plane.url,
      secrets: {
        slack: FAKE_CONTROL_PLANE_SECRETS["slack-bot"],
        linear: FAKE_CONTROL_PLANE_SECRETS["linear-bot"],
      },
    });
    expect(await checkOpenInspect({ client, platforms: ["slack", "linear"] })).toEqual({
      kind: "ok",
      url: plane.url,
      repositories: 1,
      environments: 0,
      platforms: ["slack", "linear"],
    });
    expect(plane.callsTo("repos").map((call) => call.service)).toEqual(["slack-bot", "linear-bot"]);
  });

  it("names the platform whose secret is refused, and an unreachable URL", async () => {
    const client = createOpenInspectClient({
      baseUrl: plane.url,
      secrets: { slack: FAKE_CONTROL_PLANE_SECRETS["slack-bot"], github: "wrong" },
    });
    const refused = await checkOpenInspect({ client, platforms: ["slack", "github"] });
    expect(refused).toMatchObject({ kind: "failed", platform: "github", reason: "unauthorized" });
    expect(refused.kind === "failed" && refused.fix).toContain("OPENINSPECT_GITHUB_SECRET");

    const nowhere = createOpenInspectClient({
      baseUrl: `http://127.0.0.1:${await getFreePort()}`,
      secrets: { slack: "x" },
    });
    expect(await checkOpenInspect({ client: nowhere, platforms: ["slack"] })).toMatchObject({
      kind: "failed",
      reason: "network",
    });
  });
});
