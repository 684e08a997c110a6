import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./is-loopback-address.js";

describe("isLoopbackAddress", () => {
  it("accepts 127.0.0.0/8, ::1 and IPv4-mapped loopback", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(true);
  });

  it("refuses every other address, and a socket without one", () => {
    for (const address of ["192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "0.0.0.0", "127.example", undefined])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});
