import { createHmac } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createSecretMatcher, readBearerToken } from "../http-auth/bearer-token.js";

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
 * in constant time.
 */
export function createAdminAccess(token: string): AdminAccess {
  const session = createHmac("sha256", token).update("baton-admin-session").digest("base64url");
  const isToken = createSecretMatcher(token);
  const isSession = createSecretMatcher(session);

  return {
    isAuthorized(request) {
      const bearer = readBearerToken(request);
      if (bearer !== undefined) return isToken(bearer);
      const cookie = readCookie(request.headers.cookie ?? "", ADMIN_COOKIE);
      return cookie !== undefined && isSession(cookie);
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
