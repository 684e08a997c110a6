import { SECRETLINT_PATTERNS } from "./secretlint-patterns.js";

/**
 * One rule of the secret pattern set. The match is replaced, except the named groups `pre` and
 * `post`, which stay (a key name, an `=`, a URL's host). `accept` can turn a match down, for rules
 * that also match harmless text (placeholders, references to variables).
 */
export interface SecretPattern {
  name: string;
  pattern: RegExp;
  accept?: (secret: string) => boolean;
}

// Words that name a secret in an assignment: `API_KEY=…`, `"client_secret": "…"`, `password: …`.
// The part before the word is bounded: unbounded, a long run like `a.a.a.…` takes quadratic time.
// `pass` counts only after a separator (`DB_PASS`, `smtp.pass`): alone it is a word of prose, and
// inside one (`bypass`, `compass`) no name at all. A name ends with its secret word, except for
// `secret` itself, which is as often followed by `key` (Django's and Flask's `SECRET_KEY`, Rails'
// `secret_key_base`), and Rails' `RAILS_MASTER_KEY`: the value of those is often hex, which the
// fail-closed check lets through. An environment or a version may follow the word
// (`DB_PASSWORD_PROD`, `API_KEY_V2`); other words after it name something else (`AUTH_URL`,
// `PASSWORD_MIN_LENGTH`).
const SECRET_NAME =
  "[A-Za-z0-9_.-]{0,64}?(?:secret(?:[_-]?key(?:[_-]?base)?)?|token|passw(?:or)?d|passphrase|(?<=[_.-])pass\\b|pwd|api[_-]?key|apikey|access[_-]?key|private[_-]?key|signing[_-]?key|account[_-]?key|master[_-]?key|credentials?|auth)" +
  "(?:[_-](?:prod|production|staging|stage|dev|development|test|qa|live|old|new|primary|secondary|backup|v?\\d{1,3}))?";

// A quote, or a quote escaped with a backslash: tool inputs are stored as JSON text, where the
// quotes of `export DB_PASSWORD="…"` or of a written `{"password": "…"}` read `\"`.
const QUOTE = `\\\\?["'\`]`;
// One character of a value: anything but `stop`, and a backslash only where it escapes no quote
// (a value ends at an escaped quote as it does at a plain one).
const valueCharBut = (stop: string) => `(?:[^${stop}\\\\]|\\\\(?!["'\`]))`;

/** Values that stand for a secret without being one: placeholders, templates, references, our own markers. */
export function isSecretValue(value: string): boolean {
  if (value.length < 8) return false;
  if (/^[[<{$%(*]/.test(value)) return false; // [REDACTED…], <token>, {{ x }}, ${X}, %s, (…), ****
  if (
    /^(?:x+|\*+|\.+|-+|_+|0+|true|false|null|none|undefined|changeme|example\w*|your[\w-]*|redacted)$/i.test(
      value,
    )
  ) {
    return false;
  }
  // `process.env.API_TOKEN`, `secrets.GITHUB_TOKEN`, `config.auth.token`: a name, not a value.
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value)) return false;
  // Counts, ports and ids (`max_token=100000000`), and paths (`credentials: ~/.aws/credentials`).
  if (/^\d+$/.test(value) || /^(?:~|\.{1,2})?\//.test(value)) return false;
  return true;
}

/**
 * A value said after a secret's name without `=` (`the webhook secret is 9f3a…`, `DD_API_KEY
 * 9f3a…`, `PASSWORD s3cr3t-2024`): prose and shell lines use no assignment. A word after a name is
 * usually prose (`token expiration`), so only values with a digit and a letter count.
 */
function isSpokenSecretValue(value: string): boolean {
  return /\d/.test(value) && /[A-Za-z]/.test(value) && isSecretValue(value);
}

/**
 * The maintained rule set, most specific first: each provider's documented token format, then
 * generic shapes (headers, URL credentials, assignments). New formats go here, with a corpus line in
 * `redaction-corpus.test.ts` for the secret and one for its closest harmless look-alike.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  ...SECRETLINT_PATTERNS,
  {
    name: "private-key",
    pattern:
      /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  // Classic (ghp_, gho_, ghu_, ghs_, ghr_) and the longer dotted installation-token form.
  { name: "github-token", pattern: /\bgh[pousr]_[A-Za-z0-9_-]{30,}(?:\.[A-Za-z0-9_-]+)*/g },
  { name: "github-token", pattern: /\bgithub_pat_[A-Za-z0-9_]{22,}/g },
  { name: "slack-token", pattern: /\bxox[abposre]-(?:\d+-)*[A-Za-z0-9-]{10,}/g },
  { name: "slack-token", pattern: /\bxoxe\.xox[bp]-\d-[A-Za-z0-9-]{20,}/g },
  { name: "slack-app-token", pattern: /\bxapp-\d-[A-Z0-9]+-\d+-[a-f0-9]{20,}/g },
  {
    name: "slack-webhook",
    pattern: /(?<pre>https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9_/-]{20,}/g,
  },
  { name: "anthropic-key", pattern: /\bsk-ant-[a-z]+\d*-[A-Za-z0-9_-]{20,}/g },
  { name: "openai-key", pattern: /\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}/g },
  { name: "openai-key", pattern: /\bsk-[A-Za-z0-9]{32,}\b/g },
  { name: "aws-access-key-id", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AROA|AIDA)[A-Z0-9]{16}\b/g },
  {
    name: "aws-secret-key",
    pattern:
      /(?<pre>aws_?secret_?(?:access_?)?key(?:_id)?["']?\s*[:=]\s*["']?|SecretAccessKey["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])/gi,
  },
  { name: "linear-key", pattern: /\blin_(?:api|oauth|wh)_[A-Za-z0-9]{20,}/g },
  { name: "npm-token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { name: "gitlab-token", pattern: /\bgl(?:pat|dt|rt|ptt|cbt)-[A-Za-z0-9_-]{20,}/g },
  { name: "stripe-key", pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { name: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { name: "sendgrid-key", pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { name: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    name: "authorization-header",
    pattern:
      /(?<pre>\b(?:Authorization|Proxy-Authorization)["']?\s*[:=]\s*["']?(?:Bearer|Basic|token|Token|Bot|Digest)?\s*)[^\s"',;]{8,}/gi,
    accept: isSecretValue,
  },
  {
    name: "bearer-token",
    pattern: /(?<pre>\bBearer\s+)[A-Za-z0-9._~+/-]{16,}=*/g,
    accept: (token) => /\d/.test(token) && isSecretValue(token),
  },
  {
    name: "url-credentials",
    // Greedy up to the last `@` before the host: a password may hold `@` itself.
    pattern: /(?<pre>\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/@?#]{0,256}:)[^\s/?#]{3,256}(?<post>@)/gi,
    accept: (password) => !/^[[<{$%]/.test(password),
  },
  {
    name: "cli-credentials",
    // `curl -u admin:s3cret`, `--user admin:s3cret`: the part after the first `:` is a password.
    pattern: /(?<pre>(?:^|\s)(?:-u|--user|--proxy-user)\s*["']?[^\s:"']{1,64}:)[^\s"']{3,}/gm,
    accept: (password) => !/^[[<{$%]/.test(password),
  },
  {
    name: "mysql-password-flag",
    // `mysql -pS3cret app`, `mysqldump -p'…'`: MySQL's and MariaDB's clients take the password glued
    // to `-p` (with a space, `-p` asks for it and the next word is a database; `-P` is the port).
    pattern:
      /(?<pre>\b(?:mysql[a-z]*|mariadb(?:-[a-z]+)?)\b[^\n|;&]{0,256}?\s-p)(?:"[^"\n]{3,}"|'[^'\n]{3,}'|[^\s"'`]{3,})/g,
    accept: (password) => !/^["']?[$<{%[]/.test(password),
  },
  {
    name: "url-secret-parameter",
    pattern:
      /(?<pre>[?&](?:access_token|token|api[_-]?key|apikey|key|secret|client_secret|password|sig|signature|X-Amz-Signature|X-Amz-Credential)=)[^\s&#"']{8,}/gi,
    accept: isSecretValue,
  },
  {
    name: "cli-secret-flag",
    pattern: new RegExp(
      `(?<pre>--(?:token|password|secret|api-key|auth-token|client-secret)(?:=|\\s+)(?:${QUOTE})?)${valueCharBut("\\s\"'")}{8,}`,
      "gi",
    ),
    accept: isSecretValue,
  },
  {
    name: "secret-after-name",
    pattern: new RegExp(
      `(?<pre>\\b${SECRET_NAME}\\b(?:${QUOTE})?(?:\\s+(?:is|was|are|of):?)?\\s+(?:${QUOTE})?)[A-Za-z0-9_+/=.~!@#%^&*-]{8,}`,
      "gi",
    ),
    accept: isSpokenSecretValue,
  },
  {
    name: "secret-assignment",
    pattern: new RegExp(
      `(?<pre>\\b${SECRET_NAME}(?:${QUOTE})?\\s*(?::=|=>|[:=])\\s*${QUOTE})${valueCharBut("\"'`\\n")}{8,}?(?<post>${QUOTE})`,
      "gi",
    ),
    accept: isSecretValue,
  },
  {
    name: "secret-assignment",
    pattern: new RegExp(
      `(?<pre>\\b${SECRET_NAME}(?:${QUOTE})?\\s*(?::=|=>|[:=])\\s*(?:[rbu]?${QUOTE})?)${valueCharBut("\\s\"'`,;()[\\]{}")}+`,
      "gi",
    ),
    accept: isSecretValue,
  },
];
