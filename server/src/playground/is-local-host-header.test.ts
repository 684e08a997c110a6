import { describe, expect, it } from "vitest";
import { isLocalHostHeader } from "./is-local-host-header.js";

describe("isLocalHostHeader", () => {
  it("accepts this machine's names, with or without a port", () => {
    for (const host of [
      "localhost:3000",
      "127.0.0.1:41234",
      "[::1]:3000",
      "LOCALHOST",
      "baton.localhost:3000",
    ])
      expect(isLocalHostHeader(host)).toBe(true);
  });

  it("refuses other names (a rebound DNS name reaches loopback with its own) and a missing header", () => {
    for (const host of ["evil.example:3000", "localhost.evil.example", "192.0.2.2:3000", "", undefined])
      expect(isLocalHostHeader(host)).toBe(false);
  });
});
