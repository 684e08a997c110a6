import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none. */
export function readBearerToken(request: IncomingMessage): string | undefined {
  return /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
}

/**
 * A constant-time check of a presented secret against `secret`. Both sides are hashed to
 * fixed-length digests first, so neither the secret's length nor its content leaks by timing.
 */
export function createSecretMatcher(secret: string): (given: string) => boolean {
  const expected = sha256(secret);
  return (given) => timingSafeEqual(sha256(given), expected);
}

/** Whether the request carries `Authorization: Bearer <token>` with exactly this token. */
export function createBearerCheck(token: string): (request: IncomingMessage) => boolean {
  const matches = createSecretMatcher(token);
  return (request) => {
    const given = readBearerToken(request);
    return given !== undefined && matches(given);
  };
}

function sha256(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
