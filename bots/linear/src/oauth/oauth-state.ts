import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How long an install link's `state` stays valid: long enough to read Linear's consent page. */
export const LINEAR_OAUTH_STATE_TTL_MS = 15 * 60_000;

function mac(secret: string, payload: string): string {
  return createHmac("sha256", `baton.linear.oauth-state\0${secret}`).update(payload).digest("base64url");
}

/**
 * An OAuth `state` Baton can check without storing it: an expiry and a nonce, signed with the
 * client secret. It stops a forged callback from installing someone else's workspace tokens.
 */
export function createOAuthState(secret: string, now = Date.now()): string {
  const payload = `${now + LINEAR_OAUTH_STATE_TTL_MS}.${randomBytes(12).toString("base64url")}`;
  return `${payload}.${mac(secret, payload)}`;
}

export function isValidOAuthState(secret: string, state: string, now = Date.now()): boolean {
  const parts = state.split(".");
  if (parts.length !== 3) return false;
  const [expires, nonce, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, `${expires}.${nonce}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) && Number(expires) > now;
}
