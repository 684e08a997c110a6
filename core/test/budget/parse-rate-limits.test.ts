import { describe, expect, it } from "vitest";
import { parseRateLimits } from "../../src/budget/parse-rate-limits.js";

describe("parseRateLimits (BATON_RATE_LIMITS)", () => {
  it("reads name=limit/period[:burst] pairs, nine tenths of a period as the burst by default", () => {
    const limits = parseRateLimits("slack:tier3=50/m:10, github:content-hour=500/h,linear:requests=1500/1h");
    expect(Object.fromEntries(limits)).toEqual({
      "slack:tier3": { limit: 50, periodMs: 60_000, burst: 10 },
      "github:content-hour": { limit: 500, periodMs: 3_600_000, burst: 450 },
      "linear:requests": { limit: 1500, periodMs: 3_600_000, burst: 1350 },
    });
    expect(parseRateLimits(undefined).size).toBe(0);
  });

  it("names the pair it cannot read", () => {
    expect(() => parseRateLimits("slack:tier3=50 per minute")).toThrow(/"slack:tier3=50 per minute"/);
    expect(() => parseRateLimits("slack:tier3=0/m")).toThrow(/above zero/);
  });
});
