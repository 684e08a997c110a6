import { describe, expect, it } from "vitest";
import { parseRetention } from "./parse-retention.js";

describe("parseRetention", () => {
  it("reads days, hours, minutes and seconds; a bare number is days", () => {
    expect(parseRetention("90d")).toBe(90 * 24 * 3_600_000);
    expect(parseRetention("36h")).toBe(36 * 3_600_000);
    expect(parseRetention("30m")).toBe(30 * 60_000);
    expect(parseRetention("120s")).toBe(120_000);
    expect(parseRetention("7")).toBe(7 * 24 * 3_600_000);
    expect(parseRetention(" 12H ")).toBe(12 * 3_600_000);
  });

  it("refuses zero, fractions, negative numbers, other units and words", () => {
    for (const text of ["0d", "1.5d", "-3d", "3w", "3 days", "forever", "", "d"]) {
      expect(parseRetention(text), text).toBeNull();
    }
  });
});
