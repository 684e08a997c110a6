import { describe, expect, it } from "vitest";
import { settledWithin } from "./settled-within.js";

describe("settledWithin", () => {
  it("is true when the work settles within the time", async () => {
    const work = new Promise((resolve) => setTimeout(resolve, 5));
    expect(await settledWithin(work, 10_000)).toBe(true);
  });

  it("is false when the time runs out first, and the work goes on", async () => {
    let finish = () => {};
    const work = new Promise<void>((resolve) => {
      finish = resolve;
    });
    expect(await settledWithin(work, 5)).toBe(false);
    finish();
    await expect(work).resolves.toBeUndefined();
  });

  it("throws the work's rejection", async () => {
    await expect(settledWithin(Promise.reject(new Error("closing failed")), 10_000)).rejects.toThrow(
      "closing failed",
    );
  });
});
