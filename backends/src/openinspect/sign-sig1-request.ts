import { createHash, createHmac, randomBytes } from "node:crypto";

/** The scheme tag that starts every canonical string and signature header. */
export const SIG1_SCHEME = "sig1";
/** Open-Inspect's usual nonce length: 8 random bytes as 16 hex characters. */
export const SIG1_NONCE_BYTES = 8;

export interface Sig1RequestInput {
  /** The service identity: `slack-bot`, `github-bot`, `linear-bot` or `web`. */
  service: string;
  secret: string;
  method: string;
  /** The absolute URL the request goes to; its host is not signed. */
  url: string;
  /** The exact bytes sent; a string is sent as UTF-8. */
  body?: string | Uint8Array;
  /** `slack:U0123`, `github:583231`, `linear:usr_42`, or empty. */
  actor?: string;
  timestampMs?: number;
  nonce?: string;
}

export interface Sig1Signature {
  /** The value of `X-OpenInspect-Service-Signature`. */
  header: string;
  canonicalString: string;
}

/**
 * Signs a request the way Open-Inspect's control plane verifies it (sig1): an HMAC-SHA256, keyed
 * with the identity's secret, over the method, path, canonical query, body hash and actor.
 *
 * @example
 * const { header } = signSig1Request({ service: "slack-bot", secret, method: "POST", url, body, actor: "slack:U1" });
 */
export function signSig1Request(input: Sig1RequestInput): Sig1Signature {
  const timestampMs = input.timestampMs ?? Date.now();
  const nonce = input.nonce ?? randomBytes(SIG1_NONCE_BYTES).toString("hex");
  const canonicalString = buildSig1CanonicalString({ ...input, timestampMs, nonce });
  const signature = createHmac("sha256", Buffer.from(input.secret, "utf8"))
    .update(canonicalString)
    .digest("hex");
  return { header: `${SIG1_SCHEME}.${timestampMs}.${nonce}.${signature}`, canonicalString };
}

/** The lines the signature covers, joined by `\n` (no newline after the actor). */
export function buildSig1CanonicalString(
  input: Omit<Sig1RequestInput, "secret"> & { timestampMs: number; nonce: string },
): string {
  const url = new URL(input.url);
  return [
    SIG1_SCHEME,
    input.service,
    String(input.timestampMs),
    input.nonce,
    input.method.toUpperCase(),
    url.pathname,
    canonicalizeQuery(url.search),
    sha256Hex(input.body),
    input.actor ?? "",
  ].join("\n");
}

/**
 * Decodes every pair, sorts them bytewise by `key NUL value`, and re-encodes them with
 * encodeURIComponent, so that the order and encoding on the wire do not change the signature.
 */
export function canonicalizeQuery(search: string): string {
  const pairs = [...new URLSearchParams(search)].map(([key, value]) => ({
    key,
    value,
    sortKey: Buffer.from(`${key}\0${value}`, "utf8"),
  }));
  pairs.sort((a, b) => Buffer.compare(a.sortKey, b.sortKey));
  return pairs.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&");
}

export function sha256Hex(body: string | Uint8Array | undefined): string {
  return createHash("sha256")
    .update(body ?? "")
    .digest("hex");
}
