import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const ADMIN_COOKIE = "baton_admin";
/** How long a browser stays signed in to the admin pages. */
export const ADMIN_SESSION_MAX_AGE_S = 12 * 3600;

export interface AdminAccess {
  /** A bearer token or the session cookie that only the token can make. */
  isAuthorized(request: IncomingMessage): boolean;
  /** Whether `given` is the admin token (a login form or `?token=`). */
  isToken(given: string): boolean;
  /** The Set-Cookie value that signs a browser in. */
  sessionCookie(options: { path: string; secure: boolean }): string;
}

/**
 * Who may open the admin pages: whoever holds BATON_ADMIN_TOKEN. The cookie holds an HMAC of
 * the token rather than the token, so a leaked cookie does not reveal it. Every comparison is
 * of fixed-length digests in constant time: neither the length nor the content leaks by timing.
 */
export function createAdminAccess(token: string): AdminAccess {
  const digest = (value: string) => createHmac("sha256", "baton-admin-token").update(value).digest();
  const expected = digest(token);
  const session = createHmac("sha256", token).update("baton-admin-session").digest("base64url");
  const expectedSession = digest(session);
  const isToken = (given: string) => timingSafeEqual(digest(given), expected);

  return {
    isAuthorized(request) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (bearer !== undefined) return isToken(bearer);
      const cookie = readCookie(request.headers.cookie ?? "", ADMIN_COOKIE);
      return cookie !== undefined && timingSafeEqual(digest(cookie), expectedSession);
    },
    isToken,
    sessionCookie({ path, secure }) {
      const attributes = [
        `Path=${path}`,
        "HttpOnly",
        "SameSite=Strict",
        `Max-Age=${ADMIN_SESSION_MAX_AGE_S}`,
      ];
      if (secure) attributes.push("Secure");
      return [`${ADMIN_COOKIE}=${session}`, ...attributes].join("; ");
    },
  };
}

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
