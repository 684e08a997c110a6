import { describe, expect, it } from "vitest";
import { createExpiringMap } from "./create-expiring-map.js";

describe("createExpiringMap", () => {
  it("forgets an entry after its time and the oldest one past the bound", () => {
    let at = 0;
    const map = createExpiringMap<number>({ ttlMs: 100, maxEntries: 2, now: () => at });
    map.set("a", 1);
    map.set("b", 2);
    at = 50;
    map.set("a", 3); // set again: newest, and its time starts again
    map.set("c", 4); // full: "b", now the oldest, goes
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([3, undefined, 4]);
    at = 149;
    expect(map.get("a")).toBe(3);
    at = 150;
    expect(map.get("a")).toBeUndefined();
    map.delete("c");
    expect(map.get("c")).toBeUndefined();
  });

  it("drops lapsed entries as new ones are set, with no bound but time when given none", () => {
    let at = 0;
    const map = createExpiringMap<number>({ ttlMs: 100, now: () => at });
    for (let i = 0; i < 50; i += 1) {
      at = i * 10;
      map.set(`k${i}`, i);
    }
    // Set at 400 to 490: the ten of the last 100 ms.
    expect(map.size).toBe(10);
    expect(map.get("k40")).toBe(40);
  });
});
