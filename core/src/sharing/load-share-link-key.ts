import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { BatonError } from "../errors.js";
import { SHARE_LINK_KEY_BYTES } from "./seal-share-id.js";

export interface ShareLinkKeyOptions {
  /** A configured secret (`BATON_SHARE_KEY`); any length, stretched to a key with SHA-256. */
  secret?: string;
  /** Where a generated key is kept when no secret is configured (e.g. `.baton/share-link.key`). */
  keyFile: string;
}

/**
 * The key that seals share ids (see `sealShareId`). A configured secret wins, so that several
 * Baton processes agree; otherwise a random key is created once in the data directory. Losing the
 * key breaks no link: existing links keep working, Baton just cannot repeat them in later results.
 */
export async function loadShareLinkKey({ secret, keyFile }: ShareLinkKeyOptions): Promise<Uint8Array> {
  if (secret) return createHash("sha256").update(`baton.share-link-key\0${secret}`, "utf8").digest();
  try {
    return decodeKey(await readFile(keyFile, "utf8"), keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(SHARE_LINK_KEY_BYTES);
  await mkdir(dirname(keyFile), { recursive: true });
  try {
    // `wx`: if another process created the file meanwhile, use its key rather than overwrite it.
    await writeFile(keyFile, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return decodeKey(await readFile(keyFile, "utf8"), keyFile);
  }
}

function decodeKey(text: string, keyFile: string): Uint8Array {
  const hex = text.trim();
  if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== SHARE_LINK_KEY_BYTES * 2) {
    throw new BatonError(
      "config_invalid",
      `${keyFile} does not hold a share link key (${SHARE_LINK_KEY_BYTES * 2} hex digits). Delete it to have Baton create a new one, or set BATON_SHARE_KEY.`,
    );
  }
  return Buffer.from(hex, "hex");
}
