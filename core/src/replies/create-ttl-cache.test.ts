import { describe, expect, it } from "vitest";
import { createTtlCache } from "./create-ttl-cache.js";

describe("createTtlCache", () => {
  it("asks once per key until the entry expires, then asks again", async () => {
    let clock = 0;
    const asked: string[] = [];
    const members = createTtlCache(
      async (group) => {
        asked.push(group);
        return [`${group}-member-${asked.length}`];
      },
      { ttlMs: 1_000, now: () => clock },
    );
    expect(await members("S1")).toEqual(["S1-member-1"]);
    clock = 999;
    expect(await members("S1")).toEqual(["S1-member-1"]);
    expect(await members("S2")).toEqual(["S2-member-2"]);
    clock = 1_000;
    expect(await members("S1")).toEqual(["S1-member-3"]);
    expect(asked).toEqual(["S1", "S2", "S1"]);
  });

  it("holds only the answers of the last ttlMs, however many keys it was asked", async () => {
    let clock = 0;
    const people = createTtlCache(async (user) => user.toLowerCase(), { ttlMs: 1_000, now: () => clock });
    for (let i = 0; i < 500; i += 1) {
      clock = i * 10; // a new person every 10 ms: about 100 in any second
      await people(`U${i}`);
    }
    expect(people.size).toBeLessThanOrEqual(101);
    expect(people.size).toBeGreaterThanOrEqual(100);
    expect(await people("U499")).toBe("u499");
  });

  it("shares one lookup between concurrent callers and forgets a failed one", async () => {
    let calls = 0;
    const cache = createTtlCache(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("slack is down");
        return calls;
      },
      { ttlMs: 60_000, now: () => 0 },
    );
    const [a, b] = await Promise.allSettled([cache("S1"), cache("S1")]);
    expect([a.status, b.status]).toEqual(["rejected", "rejected"]);
    expect(await cache("S1")).toBe(2);
    expect(await cache("S1")).toBe(2);
    expect(calls).toBe(2);
  });

  it("keys a lookup by `keyOf`: inputs of one key share an answer, looked up with the first one", async () => {
    const asked: string[] = [];
    const roles = createTtlCache(
      async ({ repo, login }: { repo: string; login: string }) => {
        asked.push(`${repo}:${login}`);
        return "write";
      },
      { ttlMs: 60_000, now: () => 0, keyOf: ({ repo, login }) => `${repo}\u0000${login}`.toLowerCase() },
    );
    await Promise.all([
      roles({ repo: "Acme/API", login: "Octocat" }),
      roles({ repo: "acme/api", login: "octocat" }),
    ]);
    await roles({ repo: "acme/web", login: "octocat" });
    expect(asked).toEqual(["Acme/API:Octocat", "acme/web:octocat"]);
    expect(roles.size).toBe(2);
  });
});
