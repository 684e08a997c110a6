/**
 * The fail-closed check that runs after redaction: does this text still hold something shaped like
 * a credential (a long, random-looking token) that no rule recognised? It is tuned to let through
 * what transcripts are full of — commit SHAs and other hex digests, UUIDs, package integrity
 * hashes, paths, URLs, identifiers — and the corpus test holds both sides of that line.
 */
export function findSecretLookingToken(text: string): string | null {
  for (const run of text.match(TOKEN_RUN) ?? []) {
    for (const candidate of candidatesOf(run)) {
      if (isRandomLooking(candidate)) return candidate;
    }
  }
  return null;
}

/** Shortest token the check considers: shorter random strings are ids, not credentials. */
export const MIN_SECRET_LOOKING_CHARS = 24;

// Characters of base64, base64url and the usual token alphabets, plus `.` `/` `:` to see whole URLs.
const TOKEN_RUN = /[A-Za-z0-9+/=_.:~-]{24,}/g;

/** A run and its parts: a URL or path is judged piece by piece, a base64 blob with `/` as a whole. */
function candidatesOf(run: string): string[] {
  // `=` splits too: inside a token it joins a name to a value (`X-Amz-Date=…`); in base64 it only pads.
  const parts = run.split(/[.:=]|\/{2,}/).flatMap((part) => (isPathLike(part) ? part.split("/") : [part]));
  return parts
    .map((part) => part.replace(/^[-_/=+~]+|[-_/+~]+$/g, ""))
    .filter((part) => part.length >= MIN_SECRET_LOOKING_CHARS);
}

function isPathLike(text: string): boolean {
  const segments = text.split("/");
  if (segments.length < 2) return false;
  // Paths have word-like segments; base64 splits into random ones.
  return segments.every(
    (segment) => segment.length === 0 || /^(?:\d+|[A-Za-z][a-z]*(?:[-_A-Z][a-z0-9]*)*\d*)$/.test(segment),
  );
}

function isRandomLooking(token: string): boolean {
  if (/^[0-9a-f]+$/i.test(token)) return false; // hex digests: commit SHAs, checksums
  if (/^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(token)) return false;
  if (/^(?:sha1|sha256|sha384|sha512)-/i.test(token)) return false; // npm/SRI integrity
  if (isWordSequence(token)) return false;
  const hasLower = /[a-z]/.test(token);
  const hasUpper = /[A-Z]/.test(token);
  const hasDigit = /\d/.test(token);
  if (!hasLower && !hasUpper) return false; // numbers
  if (!hasDigit && !(hasLower && hasUpper)) return false; // one-case words
  const classes = Number(hasLower) + Number(hasUpper) + Number(hasDigit);
  if (classes < 3 && token.length < 32) return false;
  // Letters alone must change case all the time to count: CamelCaseWords change once per word.
  const minChanges = token.length / (hasDigit ? 8 : 3);
  return shannonEntropy(token) >= entropyThreshold(token.length) && caseChanges(token) >= minChanges;
}

/** `kebab-case-names`, `snake_case_2024_names`, `CamelCaseNames`: words, not randomness. */
function isWordSequence(token: string): boolean {
  const words = token
    .split(/[-_]|(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/)
    .filter((word) => word !== "");
  if (!words.every((word) => /^(?:[A-Z]?[a-z]+|[A-Z]{1,5}|\d{1,8})$/.test(word))) return false;
  // Random tokens also split into "words", but short ones: `Zq7Lm2Xv8` is `Zq`, `7`, `Lm`, …
  const letterWords = words.filter((word) => /^[A-Za-z]/.test(word));
  const shortWords = letterWords.filter((word) => word.length <= 2);
  return shortWords.length * 2 < letterWords.length;
}

/** Bits per character that a random string of this length reaches easily and prose does not. */
function entropyThreshold(length: number): number {
  return Math.min(4.2, 0.82 * Math.log2(length));
}

function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Switches between letter case and digits; random tokens switch constantly, words rarely. */
function caseChanges(token: string): number {
  let changes = 0;
  let previous = "";
  for (const char of token) {
    const kind = /[a-z]/.test(char) ? "l" : /[A-Z]/.test(char) ? "u" : /\d/.test(char) ? "d" : "s";
    if (previous && kind !== previous) changes += 1;
    previous = kind;
  }
  return changes;
}
