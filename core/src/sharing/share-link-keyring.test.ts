import { describe, expect, it } from "vitest";
import { sealShareId } from "./seal-share-id.js";
import { generateShareId } from "./share-id.js";
import {
  deriveShareLinkKey,
  parseShareKeys,
  sealWithKeyring,
  unsealWithKeyring,
} from "./share-link-keyring.js";

const OLD = "old-secret-5b1f0e9d8c7a6b5c4d3e2f1a0b9c";
const NEW = "new-secret-a7c3e9f1b5d2084e6c1a3f5b7d9e";

describe("share link keyring", () => {
  it("seals new ids under the current key and still unseals those of a previous key", () => {
    const before = parseShareKeys(`2025-01:${OLD}`);
    const after = parseShareKeys(`2025-06:${NEW},2025-01:${OLD}`);
    const id = generateShareId();
    const sealedBefore = sealWithKeyring(id, "s_1", before);
    expect(sealedBefore.startsWith("2025-01.")).toBe(true);
    expect(unsealWithKeyring(sealedBefore, "s_1", after)).toBe(id);
    expect(sealWithKeyring(id, "s_1", after).startsWith("2025-06.")).toBe(true);
    // Once the old key is dropped, its sealed ids no longer open.
    expect(unsealWithKeyring(sealedBefore, "s_1", parseShareKeys(`2025-06:${NEW}`))).toBeNull();
  });

  it("unseals a value sealed before key ids existed with whichever key fits", () => {
    const id = generateShareId();
    const legacy = sealShareId(id, "s_1", deriveShareLinkKey(OLD));
    expect(unsealWithKeyring(legacy, "s_1", parseShareKeys(`new:${NEW},old:${OLD}`))).toBe(id);
  });

  it("refuses malformed entries, weak secrets and repeated ids with a clear message", () => {
    expect(() => parseShareKeys(NEW)).toThrow(/<id>:<secret>/);
    expect(() => parseShareKeys("a:short")).toThrow(/at least 32 characters/);
    expect(() => parseShareKeys(`a:${NEW},a:${OLD}`)).toThrow(/twice/);
  });
});
