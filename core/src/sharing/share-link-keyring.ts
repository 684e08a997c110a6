import { createHash } from "node:crypto";
import { BatonError } from "../errors.js";
import { sealShareId, unsealShareId } from "./seal-share-id.js";

/** A configured share key must be at least this long: `openssl rand -base64 32` gives 44. */
export const MIN_SHARE_SECRET_CHARS = 32;
/** A secret with fewer distinct characters than this is a pattern, not random text. */
const MIN_DISTINCT_SECRET_CHARS = 10;
/** The id of the key `BATON_SHARE_KEY` or the key file gives. */
export const DEFAULT_SHARE_KEY_ID = "default";
const KEY_ID_PATTERN = /^[\w-]{1,32}$/;

export interface NamedShareKey {
  id: string;
  key: Uint8Array;
}

/**
 * The keys that seal share ids: `current` seals new ones; every key (current first) unseals, so
 * that after a rotation the links of existing shares can still be repeated.
 */
export interface ShareLinkKeyring {
  current: NamedShareKey;
  all: NamedShareKey[];
}

/** A 32-byte key from a configured secret of any length. */
export function deriveShareLinkKey(secret: string): Uint8Array {
  return createHash("sha256").update(`baton.share-link-key\0${secret}`, "utf8").digest();
}

/** Refuses a configured secret too weak to seal links, saying how to make a good one. */
export function assertStrongShareSecret(secret: string, variable: string): void {
  if (secret.length >= MIN_SHARE_SECRET_CHARS && new Set(secret).size >= MIN_DISTINCT_SECRET_CHARS) return;
  throw new BatonError(
    "config_invalid",
    `${variable} is too weak: use at least ${MIN_SHARE_SECRET_CHARS} characters of random text, e.g. the output of \`openssl rand -base64 32\`.`,
  );
}

/**
 * Parses `BATON_SHARE_KEYS`: `id:secret` pairs separated by commas, the current key first.
 *
 * @example parseShareKeys("2025-06:<new secret>,2025-01:<old secret>").current.id // "2025-06"
 */
/**
 * `BATON_SHARE_KEYS` as written: `<id>:<secret>` pairs, each read up to its first `:` (an id
 * of `""` where a pair has none). Redaction lists the secrets from here too.
 */
export function splitShareKeys(value: string): Array<{ id: string; secret: string; separator: number }> {
  return value.split(",").map((pair) => {
    const separator = pair.indexOf(":");
    return { id: pair.slice(0, separator).trim(), secret: pair.slice(separator + 1).trim(), separator };
  });
}

export function parseShareKeys(value: string): ShareLinkKeyring {
  const all = splitShareKeys(value).map(({ id, secret, separator }, index) => {
    if (separator < 0 || !KEY_ID_PATTERN.test(id)) {
      throw new BatonError(
        "config_invalid",
        `BATON_SHARE_KEYS entry ${index + 1} must be <id>:<secret>, the id made of letters, digits, '_' or '-'.`,
      );
    }
    assertStrongShareSecret(secret, `BATON_SHARE_KEYS entry "${id}"`);
    return { id, key: deriveShareLinkKey(secret) };
  });
  if (new Set(all.map((k) => k.id)).size !== all.length) {
    throw new BatonError(
      "config_invalid",
      "BATON_SHARE_KEYS names a key id twice: give each key its own id.",
    );
  }
  return { current: all[0]!, all };
}

export function singleKeyring(key: Uint8Array, id = DEFAULT_SHARE_KEY_ID): ShareLinkKeyring {
  const current = { id, key };
  return { current, all: [current] };
}

/** Seals under the current key, prefixed with its id: `<key id>.<sealed>`. */
export function sealWithKeyring(shareId: string, sessionId: string, keyring: ShareLinkKeyring): string {
  return `${keyring.current.id}.${sealShareId(shareId, sessionId, keyring.current.key)}`;
}

/**
 * Unseals with the key the value names; a value without a known id (sealed before key ids
 * existed, or by a key renamed since) is tried with every key: GCM tells a wrong key apart.
 */
export function unsealWithKeyring(
  sealed: string,
  sessionId: string,
  keyring: ShareLinkKeyring,
): string | null {
  const dot = sealed.indexOf(".");
  const named = dot > 0 ? keyring.all.find((k) => k.id === sealed.slice(0, dot)) : undefined;
  if (named) return unsealShareId(sealed.slice(dot + 1), sessionId, named.key);
  const body = dot > 0 ? sealed.slice(dot + 1) : sealed;
  for (const { key } of keyring.all) {
    const shareId = unsealShareId(body, sessionId, key);
    if (shareId !== null) return shareId;
  }
  return null;
}
