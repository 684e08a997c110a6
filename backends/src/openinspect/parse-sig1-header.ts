import { SIG1_SCHEME } from "./sign-sig1-request.js";

export type ParsedSig1Header =
  | { ok: true; timestampMs: number; nonce: string; signature: string }
  | { ok: false; reason: "format" };

// Digits only, no sign, no leading zero: "1e3", "0x10", " 1 ", "-1" and "0" are all refused.
const TIMESTAMP_PATTERN = /^[1-9][0-9]*$/;
const NONCE_PATTERN = /^[0-9a-f]{1,64}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Reads `sig1.<timestamp ms>.<nonce>.<signature>` strictly, as the control plane does: anything
 * else (another scheme, missing or extra parts, upper-case hex, a timestamp that is not a safe
 * positive integer) is a format error, before any HMAC is computed.
 */
export function parseSig1Header(header: string): ParsedSig1Header {
  const parts = header.split(".");
  if (parts.length !== 4) return { ok: false, reason: "format" };
  const [scheme, timestamp, nonce, signature] = parts as [string, string, string, string];
  if (scheme !== SIG1_SCHEME || !TIMESTAMP_PATTERN.test(timestamp)) return { ok: false, reason: "format" };
  const timestampMs = Number(timestamp);
  if (!Number.isSafeInteger(timestampMs)) return { ok: false, reason: "format" };
  if (!NONCE_PATTERN.test(nonce) || !SIGNATURE_PATTERN.test(signature))
    return { ok: false, reason: "format" };
  return { ok: true, timestampMs, nonce, signature };
}
