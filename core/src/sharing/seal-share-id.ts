import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** AES-256-GCM: a 32-byte key, the usual 12-byte nonce and 16-byte tag. */
export const SHARE_LINK_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts a share id under the link key so that Baton can post the same link with every result
 * of a session. The key never goes to Redis, so a copy of Redis still holds no working link:
 * lookups use the id's hash, and this sealed copy is useless without the key. The session id is
 * bound in as associated data, so a sealed id cannot be moved onto another session's record.
 */
export function sealShareId(shareId: string, sessionId: string, key: Uint8Array): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(sessionId, "utf8"));
  const body = Buffer.concat([cipher.update(shareId, "utf8"), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
}

/** The share id, or null when the key is not the one it was sealed with (or the value is damaged). */
export function unsealShareId(sealed: string, sessionId: string, key: Uint8Array): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(sessionId, "utf8"));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
