import { createVerify } from "node:crypto";

export type AppJwtCheck = { ok: true; appId: string } | { ok: false; reason: string };

/** GitHub refuses App JWTs that live longer than this. */
const MAX_APP_JWT_LIFETIME_SECONDS = 10 * 60;
/** Clock drift GitHub tolerates on `iat`. */
const CLOCK_DRIFT_SECONDS = 60;

function decodeSegment(segment: string | undefined): Record<string, unknown> | null {
  if (segment === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks an App JWT as GitHub does: RS256, signed by the App's key, `iss` the App id, issued
 * in the past and expiring within ten minutes.
 */
export function verifyAppJwt({
  authorization,
  publicKey,
  appId,
  nowSeconds = Math.floor(Date.now() / 1000),
}: {
  authorization: string | undefined;
  publicKey: string;
  appId: number;
  nowSeconds?: number;
}): AppJwtCheck {
  const token = authorization?.match(/^Bearer (\S+)$/i)?.[1];
  if (!token) return { ok: false, reason: "missing bearer JWT" };
  const [header, payload, signature] = token.split(".");
  const head = decodeSegment(header);
  const claims = decodeSegment(payload);
  if (!head || !claims || signature === undefined) return { ok: false, reason: "malformed JWT" };
  if (head.alg !== "RS256") return { ok: false, reason: `JWT alg ${String(head.alg)}, want RS256` };
  const verifier = createVerify("RSA-SHA256").update(`${header}.${payload}`);
  if (!verifier.verify(publicKey, Buffer.from(signature, "base64url")))
    return { ok: false, reason: "JWT signature does not match the App's key" };
  if (String(claims.iss) !== String(appId)) return { ok: false, reason: "JWT iss is not the App id" };
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (!(iat <= nowSeconds + CLOCK_DRIFT_SECONDS)) return { ok: false, reason: "JWT issued in the future" };
  if (!(exp > nowSeconds) || exp - iat > MAX_APP_JWT_LIFETIME_SECONDS + CLOCK_DRIFT_SECONDS)
    return { ok: false, reason: "JWT expired or lives too long" };
  return { ok: true, appId: String(claims.iss) };
}
