import { describe, expect, it } from "vitest";
import { createLogThrottle } from "./create-log-throttle.js";

describe("createLogThrottle", () => {
  it("logs a key once per window and counts what it held back", () => {
    let now = 0;
    const throttle = createLogThrottle({ intervalMs: 1_000, nowMs: () => now });
    expect(throttle.take("bad_signature")).toEqual({ log: true, suppressed: 0 });
    expect(throttle.take("bad_signature").log).toBe(false);
    expect(throttle.take("bad_signature").log).toBe(false);
    expect(throttle.take("stale_timestamp").log).toBe(true);
    now = 1_000;
    expect(throttle.take("bad_signature")).toEqual({ log: true, suppressed: 2 });
  });
});
