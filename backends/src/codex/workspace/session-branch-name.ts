const SLUG_MAX_CHARS = 32;
const SHORT_ID_CHARS = 8;

/**
 * The session's branch: `baton/<slug>-<short session id>`, the slug from the first words of what
 * was asked (so a list of branches reads), the id so that two sessions never share one.
 *
 * @example
 * sessionBranchName("Fix the flaky login test!", "s_3f2a9c1e-…") // "baton/fix-the-flaky-login-test-3f2a9c1e"
 */
export function sessionBranchName(title: string, sessionId: string): string {
  const slug = title
    .normalize("NFKD")
    // Accents go with their marks: "Ünïcode" → "unicode", not "u-n-i-code".
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX_CHARS)
    .replace(/-+$/, "");
  const shortId = sessionId
    .replace(/^[a-z]+_/i, "")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase()
    .slice(0, SHORT_ID_CHARS);
  return `baton/${[slug || "session", shortId || "0"].join("-")}`;
}
