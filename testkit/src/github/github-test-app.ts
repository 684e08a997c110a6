import { generateKeyPairSync } from "node:crypto";

/** A GitHub App identity for tests: its id, an RSA key pair and the webhook secret. */
export interface GithubTestApp {
  appId: number;
  /** PKCS#1 PEM, the form GitHub hands out when you generate an App's private key. */
  privateKey: string;
  /** SPKI PEM; the fake GitHub checks App JWTs against it. */
  publicKey: string;
  webhookSecret: string;
  /** The App's bot account, as it appears as `sender` on its own comments. */
  slug: string;
}

export const DEFAULT_GITHUB_TEST_APP_ID = 424_242;
const TEST_APP_KEY_BITS = 2048;

let cachedKeys: { privateKey: string; publicKey: string } | undefined;

/**
 * The test App. The key pair is made once per process (RSA generation takes a moment) and
 * shared: each test still signs and verifies for real.
 */
export function githubTestApp(overrides: Partial<GithubTestApp> = {}): GithubTestApp {
  cachedKeys ??= generateKeyPairSync("rsa", {
    modulusLength: TEST_APP_KEY_BITS,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  return {
    appId: DEFAULT_GITHUB_TEST_APP_ID,
    webhookSecret: "github-webhook-secret-for-tests",
    slug: "baton",
    ...cachedKeys,
    ...overrides,
  };
}
