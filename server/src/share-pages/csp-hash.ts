import { createHash } from "node:crypto";

/** A CSP source that allows exactly this inline script or style, by its SHA-256. */
export function cspHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}
