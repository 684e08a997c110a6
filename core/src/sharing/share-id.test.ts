import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  generateShareId,
  hashShareId,
  isShareIdShaped,
  SHARE_ID_BYTES,
  shareHashesEqual,
} from "./share-id.js";

describe("share ids", () => {
  it("carry at least 128 random bits, in a URL-safe form", () => {
    expect(SHARE_ID_BYTES * 8).toBeGreaterThanOrEqual(128);
    const ids = Array.from({ length: 2_000 }, generateShareId);
    expect(new Set(ids).size).toBe(ids.length);
    let ones = 0;
    for (const id of ids) {
      expect(isShareIdShaped(id)).toBe(true);
      const bytes = Buffer.from(id, "base64url");
      expect(bytes).toHaveLength(SHARE_ID_BYTES);
      for (const byte of bytes) ones += byte.toString(2).replace(/0/g, "").length;
    }
    // 384,000 bits from the CSPRNG: the share of ones sits within a few hundredths of a percent of 1/2.
    expect(ones / (ids.length * SHARE_ID_BYTES * 8)).toBeCloseTo(0.5, 2);
  });

  it("are stored as their SHA-256, which is not the id and does not contain it", () => {
    const id = generateShareId();
    const hash = hashShareId(id);
    expect(hash).toBe(createHash("sha256").update(id).digest("hex"));
    expect(hash).not.toContain(id);
    expect(hashShareId(id)).toBe(hash);
  });

  it("refuses anything that is not shaped like an id", () => {
    for (const bad of [
      "",
      "short",
      `${"a".repeat(31)}!`,
      "a".repeat(33),
      "../../etc/passwd",
      `${"a".repeat(31)}=`,
    ]) {
      expect(isShareIdShaped(bad)).toBe(false);
    }
  });

  it("compares hashes in full", () => {
    const hash = hashShareId(generateShareId());
    expect(shareHashesEqual(hash, hash)).toBe(true);
    expect(shareHashesEqual(hash, `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`)).toBe(false);
    expect(shareHashesEqual(hash, hash.slice(0, 32))).toBe(false);
    expect(shareHashesEqual("", "")).toBe(false);
  });
});
