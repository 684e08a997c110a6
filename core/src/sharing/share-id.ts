import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 192 random bits: well past the 128 bits that make guessing a live link hopeless. */
export const SHARE_ID_BYTES = 24;

/** What a share id looks like in a URL: base64url of `SHARE_ID_BYTES`, no padding. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * A new share id. The id is the credential: whoever holds the link can read the transcript, so
 * it comes from the CSPRNG and is never stored (only `hashShareId(id)` is).
 *
 * @example generateShareId() // "q3Jx0n7c…" (32 characters)
 */
export function generateShareId(): string {
  return randomBytes(SHARE_ID_BYTES).toString("base64url");
}

/** Whether a string could be a share id; anything else is answered "not found" without a lookup. */
export function isShareIdShaped(candidate: string): boolean {
  return SHARE_ID_PATTERN.test(candidate);
}

/**
 * The key a share is stored under: SHA-256 of the id, hex. A plain hash is enough (no salt or
 * slow KDF) because the id has 192 bits of entropy: there is no dictionary to try.
 */
export function hashShareId(shareId: string): string {
  return createHash("sha256").update(shareId, "utf8").digest("hex");
}

/** Compares two share-id hashes without leaking through timing how much of them matches. */
export function shareHashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
