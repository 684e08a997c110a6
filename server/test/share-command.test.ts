import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRedisKeys, createSessionStore, type Session } from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseShareArgs, runShareCommand } from "../src/cli/share-command.js";

describe("baton share", () => {
  let testRedis: TestRedis;
  let dir: string;
  let env: Record<string, string>;

  beforeEach(async () => {
    testRedis = await createTestRedis("share-cli");
    dir = await mkdtemp(join(tmpdir(), "baton-share-cli-"));
    await writeFile(join(dir, "baton.config.yaml"), "sharing:\n  mode: on-request\n  expiresInDays: 3\n");
    env = {
      REDIS_URL: testRedis.url,
      BATON_REDIS_PREFIX: testRedis.prefix,
      BATON_DATA_DIR: join(dir, ".baton"),
      BATON_CONFIG: join(dir, "baton.config.yaml"),
      BATON_PUBLIC_URL: "https://baton.example.com",
    };
  });
  afterEach(() => testRedis.cleanup());

  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShareCommand(args, { env, stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
    return { code, out, err };
  }

  function openSession(thread: string): Promise<Session> {
    return createSessionStore({ redis: testRedis.redis, keys: createRedisKeys(testRedis.prefix) }).open({
      conversation: { platform: "slack", teamId: "T1", channelId: "C1", threadTs: thread },
      conversationKey: `slack:T1:C1:${thread}`,
      target: { kind: "none" },
      backend: "plan",
      requester: { platform: "slack", id: "U1" },
    });
  }

  it("creates a link once, lists it, and revokes it by share id", async () => {
    const session = await openSession("1700000000.000100");
    const created = await run("create", session.id);
    expect(created.code).toBe(0);
    const url = created.out[0] ?? "";
    expect(url).toMatch(/^https:\/\/baton\.example\.com\/s\/[A-Za-z0-9_-]{32}$/);
    expect(created.out[1]).toMatch(/^expires: \d{4}-/);

    const again = await run("create", session.id);
    expect(again.out[0]).toBe(url);
    expect(again.out[2]).toContain("already shared");

    const list = await run("list");
    expect(list.out[0]).toMatch(/^SESSION\s+CREATED\s+EXPIRES\s+ID HASH$/);
    expect(list.out).toHaveLength(2);
    expect(list.out[1]).toContain(session.id);
    expect(list.out[1]).not.toContain(url.split("/s/")[1]);

    expect(await run("revoke", url.split("/s/")[1] ?? "")).toMatchObject({
      code: 0,
      out: [`Revoked the share link of session ${session.id}.`],
    });
    expect((await run("list")).out).toEqual(["No live share links."]);
    expect((await run("revoke", url.split("/s/")[1] ?? "")).code).toBe(1);
  });

  it("creates a link that does not expire before the retention ends it, and revokes by session id", async () => {
    const session = await openSession("1700000000.000200");
    const before = Date.now();
    const created = await run("create", session.id, "--expires-in-days", "never");
    const expires = Date.parse(created.out[1]?.replace("expires: ", "") ?? "");
    // BATON_RETENTION's default, 90 days, from when the link was made.
    expect(expires).toBeGreaterThanOrEqual(before + 90 * 24 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 90 * 24 * 3_600_000);
    expect((await run("revoke", session.id)).code).toBe(0);
    expect((await run("revoke", session.id)).err[0]).toContain("no live share link");
  });

  it("reuses the generated link key, so a second create repeats the same link", async () => {
    const session = await openSession("1700000000.000300");
    const first = await run("create", session.id, "--expires-in-days=2");
    const second = await run("create", session.id);
    expect(second.out[0]).toBe(first.out[0]);
  });

  it("refuses unknown sessions, sharing that is off, and bad usage", async () => {
    expect(await run("create", "s_missing")).toMatchObject({
      code: 1,
      err: ["baton share: no session s_missing."],
    });
    await writeFile(join(dir, "baton.config.yaml"), "sharing:\n  mode: off\n");
    const session = await openSession("1700000000.000400");
    const off = await run("create", session.id);
    expect(off.code).toBe(1);
    expect(off.err[0]).toContain("sharing is off");
    for (const args of [
      ["frobnicate"],
      ["create"],
      ["create", "s_1", "--expires-in-days", "0"],
      ["revoke"],
      ["list", "x"],
    ]) {
      expect((await run(...args)).code).toBe(2);
    }
    expect(await run()).toMatchObject({ code: 0 });
  });

  it("parses its arguments", () => {
    expect(parseShareArgs(["create", "s_1", "--expires-in-days", "1.5"])).toEqual({
      kind: "create",
      sessionId: "s_1",
      lifetime: 1.5,
    });
    expect(parseShareArgs(["create", "s_1", "--expires-in-days=never"])).toEqual({
      kind: "create",
      sessionId: "s_1",
      lifetime: "never",
    });
    expect(parseShareArgs(["create", "s_1", "--ttl", "3"])).toMatchObject({ kind: "usage" });
    expect(parseShareArgs(["revoke", "abc"])).toEqual({ kind: "revoke", target: "abc" });
  });

  it("says so when Redis cannot be reached", async () => {
    env.REDIS_URL = "redis://127.0.0.1:1";
    const result = await run("list");
    expect(result.code).toBe(1);
    expect(result.err[0]).toContain("cannot reach Redis");
  });
});
