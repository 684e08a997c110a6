/**
 * The playground's page loads only its own script and stylesheet files and talks only to its own
 * origin (the event stream and the actions); no inline script or style can run.
 */
export const PLAYGROUND_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The headers of every playground answer. */
export function playgroundSecurityHeaders(): Record<string, string> {
  return {
    "content-security-policy": PLAYGROUND_CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  };
}
