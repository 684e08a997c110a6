import { describe, expect, it } from "vitest";
import { describeError, errorMessage } from "./describe-error.js";
import { BatonError } from "./errors.js";

describe("errorMessage", () => {
  it("is an error's message, and anything else thrown as text", () => {
    expect(errorMessage(new TypeError("bad input"))).toBe("bad input");
    expect(errorMessage("socket hang up")).toBe("socket hang up");
    expect(errorMessage(42)).toBe("42");
    expect(errorMessage(undefined)).toBe("undefined");
  });
});

describe("describeError", () => {
  it("names the error, and keeps a Baton error's code", () => {
    expect(describeError(new BatonError("backend_failed", "the agent crashed"))).toEqual({
      name: "BatonError",
      message: "the agent crashed",
      code: "backend_failed",
    });
    expect(describeError(new RangeError("too far"))).toEqual({ name: "RangeError", message: "too far" });
    expect(describeError({ reason: "odd" })).toEqual({ name: "unknown", message: "[object Object]" });
  });
});
