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

  it("reads the share of the burst kept for turns' ends, and sets none where it is not given", () => {
    const limits = parseRateLimits(
      "github:content-minute=80/m:72:final=40%,linear:requests=1500/h:final=12.5%",
    );
    expect(Object.fromEntries(limits)).toEqual({
      "github:content-minute": { limit: 80, periodMs: 60_000, burst: 72, finalReserveShare: 0.4 },
      "linear:requests": { limit: 1500, periodMs: 3_600_000, burst: 1350, finalReserveShare: 0.125 },
    });
    // No key at all, not an undefined one: spread over the published limit, it would erase its share.
    expect(Object.keys(parseRateLimits("slack:tier3=50/m").get("slack:tier3") ?? {})).toEqual([
      "limit",
      "periodMs",
      "burst",
    ]);
  });

  it("names the pair it cannot read", () => {
    expect(() => parseRateLimits("slack:tier3=50 per minute")).toThrow(/"slack:tier3=50 per minute"/);
    expect(() => parseRateLimits("slack:tier3=0/m")).toThrow(/above zero/);
    expect(() => parseRateLimits("slack:tier3=50/m:final=0.4")).toThrow(/"slack:tier3=50\/m:final=0.4"/);
    expect(() => parseRateLimits("github:content-minute=80/m:final=60%")).toThrow(
      /"github:content-minute=80\/m:final=60%" keeps more than 50% for turns' ends/,
    );
  });
});
