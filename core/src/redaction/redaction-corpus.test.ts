import { describe, expect, it } from "vitest";
import { createRedactor, WITHHELD_BLOCK_NOTICE } from "./create-redactor.js";

// Secrets are generated from a seeded generator rather than written out, so that this file never
// holds a string that a secret scanner (or a push protection) would take for a real credential,
// and every run sees the same values.
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  return { pick };
}

const { pick } = createRandom(20_240_611);
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const HEX = "0123456789abcdef";
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;
const DIGITS = "0123456789";
const alnum = (n: number) => pick(ALNUM, n);
const hex = (n: number) => pick(HEX, n);
const digits = (n: number) => pick(DIGITS, n);
const gh = (kind: string) => ["gh", kind, "_"].join("");
const pemBody = () => Array.from({ length: 6 }, () => pick(B64, 64)).join("\n");
const pem = (label: string) => [`-----BEGIN ${label}-----`, pemBody(), `-----END ${label}-----`].join("\n");

// Values Baton itself holds (its environment's secrets): found by value, whatever their shape.
const KNOWN = {
  slackSigningSecret: hex(32),
  openInspectSecret: alnum(40),
  githubPrivateKey: pem("RSA PRIVATE KEY"),
  linearWebhookSecret: `${alnum(12)}/${alnum(12)}+${alnum(8)}`,
};

interface SecretCase {
  where: "prose" | "code" | "log" | "url";
  secret: string;
  text: string;
}

const secret = (where: SecretCase["where"], value: string, render: (s: string) => string): SecretCase => ({
  where,
  secret: value,
  text: render(value),
});

const SECRETS: SecretCase[] = [
  secret("prose", `${gh("p")}${alnum(36)}`, (s) => `I cloned it with my token ${s} and it worked.`),
  secret(
    "log",
    `${gh("o")}${alnum(36)}`,
    (s) => `{"level":30,"msg":"oauth exchange ok","access_token":"${s}"}`,
  ),
  secret(
    "url",
    `${gh("s")}${alnum(36)}`,
    (s) => `git remote set-url origin https://x-access-token:${s}@github.com/acme/api.git`,
  ),
  secret(
    "log",
    `${gh("s")}${pick(B64URL, 40)}.${pick(B64URL, 64)}.${pick(B64URL, 43)}`,
    (s) => `2024-06-11T10:22:33Z installation token minted: ${s}.`,
  ),
  secret(
    "code",
    `github_pat_11${pick(UPPER_DIGITS, 20)}_${alnum(59)}`,
    (s) => `const octokit = new Octokit({ auth: "${s}" });`,
  ),
  secret("code", `${gh("u")}${alnum(36)}`, (s) => `export GH_TOKEN=${s}\ngh pr list`),
  secret("log", `${gh("r")}_${alnum(74)}`.replace("__", "_"), (s) => `refresh_token => ${s}`),
  secret(
    "code",
    `xoxb-${digits(12)}-${digits(13)}-${alnum(24)}`,
    (s) => `const app = new App({ token: '${s}', signingSecret });`,
  ),
  secret(
    "prose",
    `xoxp-${digits(11)}-${digits(11)}-${digits(13)}-${hex(32)}`,
    (s) => `Use the user token (${s}) for search.`,
  ),
  secret("code", `xapp-1-A0${pick(UPPER_DIGITS, 9)}-${digits(13)}-${hex(64)}`, (s) => `SLACK_APP_TOKEN=${s}`),
  secret(
    "url",
    `T0${pick(UPPER_DIGITS, 8)}/B0${pick(UPPER_DIGITS, 8)}/${alnum(24)}`,
    (s) => `curl -X POST -d '{"text":"deployed"}' https://hooks.slack.com/services/${s}`,
  ),
  secret(
    "log",
    KNOWN.slackSigningSecret,
    (s) => `debug: computing v0 signature with secret ${s} over the body`,
  ),
  secret("code", `sk-${alnum(20)}T3BlbkFJ${alnum(20)}`, (s) => `client = OpenAI(api_key="${s}")`),
  secret("prose", `sk-proj-${pick(B64URL, 156)}`, (s) => `The new project key is ${s} — rotate the old one.`),
  secret("log", `sk-svcacct-${pick(B64URL, 120)}`, (s) => `[openai] 401 for key ${s}: invalid_api_key`),
  secret("code", `sk-ant-api03-${pick(B64URL, 93)}AA`, (s) => `ANTHROPIC_API_KEY="${s}" npm run eval`),
  secret(
    "log",
    `AKIA${pick(UPPER_DIGITS, 16)}`,
    (s) => `AccessDenied: User with access key ${s} is not authorized to perform s3:PutObject`,
  ),
  secret(
    "code",
    pick(B64, 40),
    (s) =>
      `[default]\naws_access_key_id = AKIA${pick(UPPER_DIGITS, 16)}\naws_secret_access_key = ${s}\nregion = eu-west-1`,
  ),
  secret("code", pick(B64, 40), (s) => `env:\n  AWS_SECRET_ACCESS_KEY: ${s}`),
  secret(
    "log",
    `ASIA${pick(UPPER_DIGITS, 16)}`,
    (s) => `assumed role, temporary credentials ${s} valid for 3600 s`,
  ),
  secret("prose", `lin_api_${alnum(40)}`, (s) => `Set LINEAR_API_KEY to ${s} in the staging env please`),
  secret("code", `lin_wh_${alnum(40)}`, (s) => `const verifier = new LinearWebhooks("${s}");`),
  secret("code", `npm_${alnum(36)}`, (s) => `//registry.npmjs.org/:_authToken=${s}`),
  secret(
    "code",
    pem("PRIVATE KEY"),
    (s) => `Here is the key file I found:\n\n\`\`\`\n${s}\n\`\`\`\n\nIt is used by deploy.sh.`,
  ),
  secret("code", pem("OPENSSH PRIVATE KEY"), (s) => `$ cat ~/.ssh/id_ed25519\n${s}`),
  secret(
    "code",
    `-----BEGIN PRIVATE KEY-----\\n${pick(B64, 64)}\\n${pick(B64, 64)}\\n-----END PRIVATE KEY-----\\n`,
    (s) => `{"type": "service_account", "private_key": "${s}", "client_email": "ci@acme.iam.example"}`,
  ),
  secret(
    "log",
    `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${pick(B64URL, 60)}.${pick(B64URL, 43)}`,
    (s) => `> GET /v1/me HTTP/1.1\n> Authorization: Bearer ${s}\n< HTTP/1.1 200 OK`,
  ),
  secret(
    "url",
    `eyJhbGciOiJSUzI1NiJ9.eyJ${pick(B64URL, 80)}.${pick(B64URL, 86)}`,
    (s) => `Open https://app.example.com/callback?state=xyz&token=${s} to finish the login.`,
  ),
  secret(
    "log",
    `${alnum(32)}`,
    (s) => `curl -H "Authorization: Bearer ${s}" https://api.example.com/v2/builds`,
  ),
  secret("log", `${pick(B64, 36)}==`, (s) => `proxy request headers: {"Authorization": "Basic ${s}"}`),
  secret("url", `S3cr3t-${alnum(10)}!`, (s) => `DATABASE_URL=postgres://app:${s}@db.internal:5432/app`),
  secret("url", `${alnum(24)}`, (s) => `connecting to redis://:${s}@cache.internal:6379/0 ...`),
  secret("code", `Correct-Horse-${alnum(8)}-Battery`, (s) => `# .env\nDB_PASSWORD=${s}\nDB_HOST=localhost`),
  secret("code", hex(40), (s) => `{\n  "client_id": "3f1c9a",\n  "client_secret": "${s}"\n}`),
  secret("code", `whsec_${alnum(32)}`, (s) => `stripe:\n  webhook_secret: ${s}\n  mode: live`),
  secret("code", `${["sk", "live"].join("_")}_${alnum(24)}`, (s) => `Stripe.api_key = ${JSON.stringify(s)}`),
  secret(
    "url",
    `AIza${pick(B64URL, 35)}`,
    (s) => `https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key=${s}`,
  ),
  secret("code", `SG.${pick(B64URL, 22)}.${pick(B64URL, 43)}`, (s) => `sgMail.setApiKey('${s}')`),
  secret("prose", `glpat-${pick(B64URL, 20)}`, (s) => `gitlab token: ${s} (expires in 30 days)`),
  secret("code", alnum(32), (s) => `    self.api_key = "${s}"  # TODO move to vault`),
  secret("log", alnum(28), (s) => `$ deploy --token ${s} --env prod`),
  secret("prose", KNOWN.openInspectSecret, (s) => `the control plane shared secret is ${s}, keep it safe`),
  secret(
    "log",
    KNOWN.githubPrivateKey.split("\n")[2] ?? "",
    (s) => `error: could not parse key material near "${s}"`,
  ),
  secret(
    "url",
    KNOWN.linearWebhookSecret,
    (s) => `https://hooks.example.com/relay?secret=${encodeURIComponent(s)}&team=ENG`,
  ),
  secret(
    "log",
    alnum(40),
    (s) => `2024-06-11 10:22:33 INFO webhook accepted with credential ${s} from 10.0.3.7`,
  ),
  secret(
    "code",
    `${pick(B64, 86)}==`,
    (s) =>
      `DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=${s};EndpointSuffix=core.windows.net`,
  ),
  secret("code", hex(32), (s) => `DD_API_KEY=${s} datadog-agent run`),
  secret(
    "url",
    hex(64),
    (s) =>
      `https://acme-artifacts.s3.amazonaws.com/build.tgz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20240611T102233Z&X-Amz-Signature=${s}`,
  ),
  // Misses found in review (issue 12): a name, then a value without `=`; short tokens; `curl -u`.
  secret("prose", hex(32), (s) => `FYI the webhook secret is ${s}, rotate it after the demo.`),
  secret("code", hex(32), (s) => `docker run -e DD_SITE=datadoghq.eu -e DD_API_KEY ${s} datadog/agent`),
  secret("log", `${alnum(9)}7${alnum(4)}`, (s) => `+ curl -u admin:${s} https://jenkins.internal/api/json`),
  secret(
    "code",
    `${alnum(6)}3${alnum(7)}`,
    (s) => `# .env.example was wrong, use\nPASSWORD ${s}\nUSER deploy`,
  ),
  secret("prose", `${alnum(8)}5${alnum(9)}`, (s) => `The staging access token is ${s} (short, 18 chars).`),
  secret(
    "url",
    `${alnum(6)}@${alnum(8)}9${alnum(9)}`,
    (s) => `DATABASE_URL=postgres://app:${s}@db.internal:5432/app`,
  ),
  // Misses found in review: tool inputs are stored as JSON text, where a quoted value's quotes are
  // escaped (`\"`); and names that end in `_PASS`.
  secret("code", `${alnum(7)}-${alnum(5)}4`, (s) =>
    JSON.stringify({ command: `export DB_PASSWORD="${s}" && npm run migrate` }),
  ),
  secret("code", `${alnum(9)}7${alnum(6)}`, (s) =>
    JSON.stringify({ command: `mysql -u root --password="${s}" app` }),
  ),
  secret("code", `${alnum(6)}2${alnum(8)}`, (s) =>
    JSON.stringify({ path: "config.json", content: `{\n  "password": "${s}"\n}` }),
  ),
  secret("code", `${alnum(10)}8${alnum(3)}`, (s) =>
    JSON.stringify({ path: "settings.py", content: `API_KEY = "${s}"` }),
  ),
  secret("log", `${alnum(8)}!${digits(4)}`, (s) => `$ env\nHOME=/root\nDB_PASS=${s}\nNODE_ENV=production`),
  secret("code", `${alnum(7)}5${alnum(7)}`, (s) => `services:\n  db:\n    MYSQL_ROOT_PASS: ${s}`),
  // From secretlint's recommended preset.
  secret(
    "code",
    `hf_${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 34)}`,
    (s) => `login(token="${s}")`,
  ),
  secret("log", `gsk_${alnum(52)}`, (s) => `groq: request with key ${s} rejected (429)`),
  // Misses found in review: names where the secret word is followed by `key` (Django's and
  // Flask's `SECRET_KEY`, Rails' `secret_key_base`), whose values are often hex.
  secret("log", hex(128), (s) => `$ env\nRAILS_ENV=production\nSECRET_KEY_BASE=${s}\nPORT=3000`),
  secret("code", hex(64), (s) => `DEBUG = False\nSECRET_KEY = "${s}"\nALLOWED_HOSTS = ["*"]`),
  secret("code", `${alnum(10)}6${alnum(9)}`, (s) =>
    JSON.stringify({ path: "config.json", content: `{ "jwt": { "secretKey": "${s}" } }` }),
  ),
  // Misses noted in review: Rails' master key (hex), a name with an environment or version after
  // its secret word, a password said with "is:", and mysql's password glued to `-p`.
  secret("log", hex(32), (s) => `$ env | grep KEY\nRAILS_MASTER_KEY=${s}`),
  secret("code", `${alnum(9)}4${alnum(4)}`, (s) => `DB_PASSWORD_PROD=${s}\nDB_HOST=db.internal`),
  secret("code", `${alnum(12)}8${alnum(11)}`, (s) => `export STRIPE_API_KEY_V2="${s}"`),
  secret(
    "prose",
    `hunter${digits(2)}${alnum(4)}`,
    (s) => `For the staging box the password is: ${s} (do not share).`,
  ),
  secret("log", `${alnum(6)}3${alnum(3)}`, (s) =>
    JSON.stringify({ command: `mysql -u root -p${s} -h db.internal app < dump.sql` }),
  ),
  secret("code", `${alnum(5)}7 ${alnum(6)}`, (s) => `mysqldump -uadmin -p'${s}' --all-databases > all.sql`),
];

// Text that looks like it could hold a secret and does not: all of it must come through untouched.
const LOOK_ALIKES: string[] = [
  "Fixed in commit 3f2c1a9e8b7d6c5b4a39281706f5e4d3c2b1a098, see the PR.",
  "Cherry-picked a1b2c3d onto release/2024.06.",
  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  dist/baton.tgz",
  "image: ghcr.io/acme/api@sha256:9b2c8c4e7f6a5d3b1e0f9a8c7b6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d",
  "Session 8d3e9f0a-4b2c-4d6e-9f1a-2b3c4d5e6f70 was opened for acme/web.",
  '"integrity": "sha512-yJ5b7C8Ej9N0cIu6d3xwV2ZrGqH1f4sLkT0aPzWmQvRnD7eB+Ko2hUiSgY9tX6lMcFpA1oVbN3E8rJkZsQw5Hg=="',
  "GitHub personal tokens start with ghp_ and fine-grained ones with github_pat_.",
  "OpenAI keys look like sk-... and Anthropic keys like sk-ant-...",
  "const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY });",
  `      GITHUB_TOKEN: \${{ secrets.GITHUB_TOKEN }}`,
  "token: <your-token-here>",
  "password: ********",
  'api_key = os.environ["API_KEY"]',
  'const tokenizer = getEncoding("cl100k_base");',
  "max_tokens: 4096",
  '<div class="sk-loading-spinner-container sk-fade-in">',
  "Edited src/components/checkout/PaymentFormContainer.tsx and src/lib/useCheckoutSession2.ts",
  "https://github.com/acme/web/pull/1234#discussion_r1634567890",
  "https://www.example.com/search?q=redis+streams+consumer+groups&page=2",
  "Linked ENG-1234 and ENG-1240 to the project.",
  "Posted in C0123ABCD by U024BE7LH at 1700000000.000100.",
  "arn:aws:iam::123456789012:role/baton-deploy-production",
  "Released v2.14.3-rc.1+build.20240611 to the canary ring.",
  "Started at 2024-06-11T10:22:33.123Z, finished at 2024-06-11T10:24:01.987Z.",
  "    at Object.<anonymous> (/app/node_modules/ioredis/built/Redis.js:345:27)",
  "com.example.billing.internal.PaymentServiceImplementation threw",
  "Renamed getUserAccountSettingsFromDatabaseWithRetry2 to loadAccountSettings.",
  "request_id=8f14e45fceea167a5a36dedd4bea2543 status=200 duration_ms=41",
  "See [PR #42](https://github.com/acme/api/pull/42) for the details.",
  'curl -H "Authorization: Bearer <token>" https://api.example.com/v2/builds',
  'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user',
  "password_hash = bcrypt.hashSync(password, 12)",
  "git checkout -b feature/ENG-1234-add-oauth-token-refresh",
  "Restarted pod baton-worker-5f7c9d8b7-qwx4z in namespace production.",
  "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
  "The Donaudampfschifffahrtsgesellschaftskapitän was not amused.",
  "Revenue grew to 1,234,567,890.00 EUR in FY2023.",
  '{"token_type": "Bearer", "expires_in": 3600, "scope": "repo read:org"}',
  "Listening on [2001:0db8:85a3:0000:0000:8a2e:0370:7334]:3000",
  "require golang.org/x/net v0.0.0-20240604190554-9d0d24c64be4",
  "https://github.com/acme/api/actions/runs/9448123456/job/25976543210",
  "https://acme.slack.com/archives/C0123ABCD/p1700000000000100",
  "| token | description |\n| --- | --- |\n| `ghp_` | a classic personal access token |",
  "secretName: prod-db-credentials",
  `GITHUB_TOKEN: \${{ github.token }}`,
  "Set the `Authorization` header to `token` followed by a space and your token.",
  "export OPENAI_API_KEY=",
  "https://acme-artifacts.s3.amazonaws.com/build.tgz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20240611T102233Z&X-Amz-Expires=3600",
  "The function authenticateWithGitHubAppInstallationToken handles retries.",
  "The token expiration is 3600 seconds; rotate the password every 90 days.",
  'curl -u "$JENKINS_USER:$JENKINS_TOKEN" https://jenkins.internal/api/json',
  "postgres://app@db.internal:5432/app?sslmode=require",
  "Mail ops@acme.example if the secret rotation fails.",
  "All 42 tests pass 2024.06.11-nightly without the bypass flag.",
  "compass: v3.2.1-beta, bypass=disabled2024",
  JSON.stringify({ command: 'git commit -m "rotate the password every 90 days"' }),
  JSON.stringify({ content: 'password = os.environ["DB_PASSWORD"]' }),
  'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]',
  "mysql -u root -p app   # asks for the password",
  "mysql -h db.internal -P 3306 -u app -p$MYSQL_PASSWORD app",
  "ssh -p 2222 deploy@bastion.internal",
  "AUTH_URL=https://auth.example.com/oauth/authorize",
  "PASSWORD_MIN_LENGTH=12",
  "echo $RAILS_MASTER_KEY | wc -c",
  "The master key is in config/master.key, which git ignores.",
];

describe("the redaction corpus", () => {
  const redactor = createRedactor({ knownSecrets: Object.values(KNOWN) });

  it("holds at least 40 secrets in prose, code, logs and URLs, and 40 look-alikes", () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(40);
    expect(LOOK_ALIKES.length).toBeGreaterThanOrEqual(40);
    for (const where of ["prose", "code", "log", "url"] as const) {
      expect(SECRETS.filter((c) => c.where === where).length).toBeGreaterThanOrEqual(5);
    }
  });

  it.each(SECRETS.map((c, index) => [index, c.where, c] as const))(
    "removes secret #%i (%s)",
    (_index, _where, c) => {
      const { text } = redactor.redact(c.text);
      expect(text).not.toContain(c.secret);
      // Not even a part of it: no 16-character window of the secret survives.
      for (let start = 0; start + 16 <= c.secret.length; start += 4) {
        expect(text).not.toContain(c.secret.slice(start, start + 16));
      }
      expect(text).toMatch(/\[REDACTED:[a-z-]+\]|\[withheld: /);
    },
  );

  it("removes most secrets by rule, withholding a block only as a last resort", () => {
    const withheld = SECRETS.filter((c) => redactor.redact(c.text).text.includes(WITHHELD_BLOCK_NOTICE));
    expect(withheld.length).toBeLessThanOrEqual(2);
  });

  it.each(LOOK_ALIKES.map((text, index) => [index, text] as const))(
    "keeps look-alike #%i",
    (_index, text) => {
      expect(redactor.redact(text)).toEqual({ text, redactions: 0, withheldBlocks: 0 });
    },
  );

  it("withholds the block of a random token that no rule knows, whatever its length", () => {
    for (let length = 24; length <= 72; length += 1) {
      const token = pick(length % 2 === 0 ? ALNUM : B64URL, length);
      const { text, withheldBlocks } = redactor.redact(
        `Deploy finished.\n\nnote: ${token} (from the vendor)`,
      );
      expect(text, token).toBe(`Deploy finished.\n\n${WITHHELD_BLOCK_NOTICE}`);
      expect(withheldBlocks).toBe(1);
    }
  });

  it("finds every secret in one long transcript too", () => {
    const transcript = SECRETS.map((c) => c.text).join("\n\n");
    const { text } = redactor.redact(transcript);
    for (const c of SECRETS) expect(text).not.toContain(c.secret);
  });
});
