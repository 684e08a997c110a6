import { describe, expect, it } from "vitest";
import { DAY_MS, parseShareLifetime, shareExpiresAt } from "./share-expiry.js";

describe("share lifetimes", () => {
  it("turns days into an expiry time, and never into none", () => {
    expect(shareExpiresAt(7, 1_000)).toBe(1_000 + 7 * DAY_MS);
    expect(shareExpiresAt(0.5, 0)).toBe(DAY_MS / 2);
    expect(shareExpiresAt("never", 1_000)).toBeNull();
  });

  it("parses --expires-in-days", () => {
    expect(parseShareLifetime("30")).toBe(30);
    expect(parseShareLifetime("1.5")).toBe(1.5);
    expect(parseShareLifetime("never")).toBe("never");
    for (const bad of ["0", "-1", "", "7d", "forever", "1e3"]) expect(parseShareLifetime(bad)).toBeNull();
  });
});
