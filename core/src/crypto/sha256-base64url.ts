import { createHash, hash } from "node:crypto";

/**
 * The SHA-256 of a string, base64url. On the acknowledgement path a request hashes twice (its id
 * and its conversation's key); the one-shot `crypto.hash` (Node 20.12+) costs under half of a
 * `createHash` object, which older Node 20 releases still get.
 */
export const sha256Base64url: (text: string) => string =
  typeof hash === "function"
    ? (text) => hash("sha256", text, "base64url")
    : (text) => createHash("sha256").update(text).digest("base64url");
