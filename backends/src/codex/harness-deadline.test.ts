import { describe, expect, it } from "vitest";
import { harnessDeadlineMs, TURN_WRAP_UP_MS } from "./harness-deadline.js";

describe("harnessDeadlineMs", () => {
  it("ends the harness before the turn's own deadline, counting the time already spent", () => {
    expect(harnessDeadlineMs(30 * 60_000, 2_000)).toBe(30 * 60_000 - 2_000 - TURN_WRAP_UP_MS);
  });

  it("keeps at most half of a short timeout for the wrap-up", () => {
    expect(harnessDeadlineMs(8_000, 1_000)).toBe(3_000);
  });

  it("never hands the harness a deadline already past", () => {
    expect(harnessDeadlineMs(8_000, 9_000)).toBe(1);
  });
});
