import { BatonError } from "@baton/core";
import { z } from "zod";

/** Linear's token endpoint answer (`POST /oauth/token`). */
const tokenGrantSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
  scope: z.union([z.string(), z.array(z.string())]).optional(),
  refresh_token: z.string().min(1).optional(),
});

export interface LinearTokenGrant {
  accessToken: string;
  refreshToken: string | null;
  /** Milliseconds since the epoch; null when Linear did not say (a token that does not expire). */
  expiresAt: number | null;
  scope: string;
}

export type LinearTokenResult =
  | { kind: "granted"; grant: LinearTokenGrant }
  /** Linear refused the code or refresh token (`invalid_grant`, `invalid_client`, …). */
  | { kind: "refused"; error: string };

export interface LinearOAuthClientOptions {
  clientId: string;
  clientSecret: string;
  /** Linear's `https://api.linear.app/oauth/token`, or the fake's. */
  tokenUrl: string;
  now?: () => number;
}

export interface LinearOAuthClient {
  exchangeCode(code: string, redirectUri: string): Promise<LinearTokenResult>;
  refresh(refreshToken: string): Promise<LinearTokenResult>;
}

/** The token half of Linear's OAuth 2.0: authorization codes and refresh tokens for access tokens. */
export function createLinearOAuthClient({
  clientId,
  clientSecret,
  tokenUrl,
  now = Date.now,
}: LinearOAuthClientOptions): LinearOAuthClient {
  async function requestToken(form: Record<string, string>): Promise<LinearTokenResult> {
    const response = await fetch(tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, ...form }),
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = (json as { error?: unknown } | null)?.error;
      if (response.status >= 500 || response.status === 429)
        throw new BatonError(
          "platform_failed",
          `Linear's token endpoint answered ${response.status}`,
          undefined,
          true,
        );
      return { kind: "refused", error: typeof error === "string" ? error : `http_${response.status}` };
    }
    const parsed = tokenGrantSchema.safeParse(json);
    if (!parsed.success)
      throw new BatonError("platform_failed", "Linear's token endpoint sent an unexpected answer");
    const grant = parsed.data;
    return {
      kind: "granted",
      grant: {
        accessToken: grant.access_token,
        refreshToken: grant.refresh_token ?? null,
        expiresAt: grant.expires_in === undefined ? null : now() + grant.expires_in * 1000,
        scope: Array.isArray(grant.scope) ? grant.scope.join(",") : (grant.scope ?? ""),
      },
    };
  }
  return {
    exchangeCode: (code, redirectUri) =>
      requestToken({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => requestToken({ grant_type: "refresh_token", refresh_token: refreshToken }),
  };
}
