/**
 * Known secret values shorter than this are not searched for: replacing every "abc123" in a
 * transcript would mangle it, and a secret that short is caught, if at all, by the patterns.
 */
export const MIN_KNOWN_SECRET_CHARS = 8;

/** PEM body lines are matched on their own, as a tool may print part of a key. */
const MIN_KEY_LINE_CHARS = 32;

/**
 * The spellings under which a configured secret may turn up in a transcript: as is, escaped inside
 * JSON, URL-encoded, with its newlines written as `\n` (how a PEM key sits in a `.env`), and line
 * by line for multi-line values. Longest first, so that a whole key is replaced before its parts.
 */
export function knownSecretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    const value = secret.trim();
    if (value.length < MIN_KNOWN_SECRET_CHARS) continue;
    const multiline = value.replace(/\\n/g, "\n");
    for (const form of [value, multiline, multiline.replace(/\n/g, "\\n"), encodeURIComponent(value)]) {
      forms.add(form);
      forms.add(JSON.stringify(form).slice(1, -1));
    }
    for (const line of multiline.split(/\r?\n/)) {
      const trimmed = line.trim();
      if (trimmed.length >= MIN_KEY_LINE_CHARS && !trimmed.startsWith("-----")) forms.add(trimmed);
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}
