import { cspHash } from "./csp-hash.js";
import { SHARE_PAGE_SCRIPT } from "./share-page-script.js";
import { SHARE_PAGE_STYLE } from "./share-page-style.js";

/** What the JSON, markdown and download answers allow: nothing at all. */
export const SHARE_DATA_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * What the HTML pages allow: their own inline style and script (by hash, so no injected one can
 * run) and requests to their own origin (the script's polling). Nothing external.
 */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${cspHash(SHARE_PAGE_SCRIPT)}`,
  `style-src ${cspHash(SHARE_PAGE_STYLE)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The headers of every answer on a share route, 404s included. A share link is a credential: no
 * caching, no referrer, no indexing, no framing, no content sniffing.
 */
export function shareSecurityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex, nofollow",
    "cache-control": "no-store",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  };
}
