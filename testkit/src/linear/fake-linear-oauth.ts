import { randomBytes } from "node:crypto";

/** How long the fake's access tokens live unless a test says otherwise (Linear's are 24 hours). */
export const FAKE_LINEAR_ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export interface FakeLinearOAuthOptions {
  clientId: string;
  clientSecret: string;
  accessTokenTtlSeconds?: number;
}

interface AccessGrant {
  expiresAt: number;
  scope: string;
}

export type TokenAnswer = { status: number; body: Record<string, unknown> };

/**
 * Linear's OAuth token endpoint (`POST /oauth/token`, form encoded): authorization codes for an
 * `actor=app` installation, refresh tokens that rotate on use, access tokens that expire.
 */
export function createFakeLinearOAuth({
  clientId,
  clientSecret,
  accessTokenTtlSeconds = FAKE_LINEAR_ACCESS_TOKEN_TTL_SECONDS,
}: FakeLinearOAuthOptions) {
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const accessTokens = new Map<string, AccessGrant>();
  const refreshTokens = new Map<string, string>();
  const token = (prefix: string) => `${prefix}_${randomBytes(18).toString("hex")}`;

  function grant(scope: string): TokenAnswer {
    const accessToken = token("lin_oauth");
    const refreshToken = token("lin_refresh");
    accessTokens.set(accessToken, { expiresAt: Date.now() + accessTokenTtlSeconds * 1000, scope });
    refreshTokens.set(refreshToken, scope);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: accessTokenTtlSeconds,
        scope,
        refresh_token: refreshToken,
      },
    };
  }

  const invalid = (error: string, description: string): TokenAnswer => ({
    status: 400,
    body: { error, error_description: description },
  });

  return {
    /** What Linear's consent screen would hand back to the redirect URI. */
    issueCode(redirectUri: string, scope = "read,write,app:assignable,app:mentionable"): string {
      const code = token("code");
      codes.set(code, { redirectUri, scope });
      return code;
    },
    exchange(form: URLSearchParams): TokenAnswer {
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
        return invalid("invalid_client", "Client authentication failed.");
      switch (form.get("grant_type")) {
        case "authorization_code": {
          const code = codes.get(form.get("code") ?? "");
          if (!code || code.redirectUri !== form.get("redirect_uri"))
            return invalid("invalid_grant", "The authorization code is invalid or expired.");
          codes.delete(form.get("code")!);
          return grant(code.scope);
        }
        case "refresh_token": {
          const presented = form.get("refresh_token") ?? "";
          const scope = refreshTokens.get(presented);
          if (!scope) return invalid("invalid_grant", "The refresh token is invalid.");
          refreshTokens.delete(presented);
          return grant(scope);
        }
        default:
          return invalid("unsupported_grant_type", "Unsupported grant type.");
      }
    },
    /** Whether `authorization` (`Bearer …`) names a live access token. */
    accepts(authorization: string): boolean {
      const presented = authorization.replace(/^Bearer /, "");
      const found = accessTokens.get(presented);
      return found !== undefined && found.expiresAt > Date.now();
    },
    /** Makes a token expire now, as if its 24 hours had passed. */
    expire(accessToken: string): void {
      const found = accessTokens.get(accessToken);
      if (found) found.expiresAt = 0;
    },
  };
}

export type FakeLinearOAuth = ReturnType<typeof createFakeLinearOAuth>;
