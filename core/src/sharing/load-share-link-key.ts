import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { BatonError } from "../errors.js";
import { SHARE_LINK_KEY_BYTES } from "./seal-share-id.js";
import {
  assertStrongShareSecret,
  deriveShareLinkKey,
  parseShareKeys,
  type ShareLinkKeyring,
  singleKeyring,
} from "./share-link-keyring.js";

/** Baton's data directory and the key file in it are the operator's alone. */
export const DATA_DIR_MODE = 0o700;

export interface ShareLinkKeyOptions {
  /** A configured secret (`BATON_SHARE_KEY`); at least 32 characters, stretched with SHA-256. */
  secret?: string;
  /** `BATON_SHARE_KEYS`: `id:secret,…`, the current key first (rotation). */
  secrets?: string;
  /** Where a generated key is kept when no secret is configured (e.g. `.baton/share-link.key`). */
  keyFile: string;
}

/**
 * The key that seals share ids (see `sealShareId`). A configured secret wins, so that several
 * Baton processes agree; otherwise a random key is created once in the data directory. Losing the
 * key breaks no link: existing links keep working, Baton just cannot repeat them in later results.
 */
export async function loadShareLinkKey({ secret, keyFile }: ShareLinkKeyOptions): Promise<Uint8Array> {
  if (secret) {
    assertStrongShareSecret(secret, "BATON_SHARE_KEY");
    return deriveShareLinkKey(secret);
  }
  try {
    return decodeKey(await readFile(keyFile, "utf8"), keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(SHARE_LINK_KEY_BYTES);
  await mkdir(dirname(keyFile), { recursive: true, mode: DATA_DIR_MODE });
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

/**
 * Every share link key Baton may use: `BATON_SHARE_KEYS` (rotation), else `BATON_SHARE_KEY`, else
 * the key file. Setting both variables is refused: which one seals new links would be a guess.
 */
export async function loadShareLinkKeyring(options: ShareLinkKeyOptions): Promise<ShareLinkKeyring> {
  if (options.secrets && options.secret) {
    throw new BatonError(
      "config_invalid",
      "Both BATON_SHARE_KEYS and BATON_SHARE_KEY are set: move BATON_SHARE_KEY into BATON_SHARE_KEYS (as default:<secret> after the new key) and unset it.",
    );
  }
  if (options.secrets) return parseShareKeys(options.secrets);
  return singleKeyring(await loadShareLinkKey(options));
}
