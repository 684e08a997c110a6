import { timingSafeEqual } from "node:crypto";
import { parseSig1Header } from "./parse-sig1-header.js";
import { signSig1Request } from "./sign-sig1-request.js";

/** The control plane refuses signatures older or newer than this. */
export const SIG1_MAX_CLOCK_SKEW_MS = 5 * 60_000;

export interface VerifySig1Input {
  service: string | undefined;
  header: string | undefined;
  method: string;
  url: string;
  body: Uint8Array;
  actor: string | undefined;
  /** The secret of each identity the verifier knows. */
  secrets: Readonly<Record<string, string>>;
  nowMs?: number;
}

export type Sig1Verification =
  | { ok: true; service: string }
  | { ok: false; reason: "unknown_service" | "format" | "stale" | "mismatch" };

/** Checks a sig1 signature as the control plane does; the HMAC comparison is constant-time. */
export function verifySig1Request(input: VerifySig1Input): Sig1Verification {
  const secret = input.service === undefined ? undefined : input.secrets[input.service];
  if (input.service === undefined || secret === undefined) return { ok: false, reason: "unknown_service" };
  const parsed = parseSig1Header(input.header ?? "");
  if (!parsed.ok) return parsed;
  if (Math.abs((input.nowMs ?? Date.now()) - parsed.timestampMs) > SIG1_MAX_CLOCK_SKEW_MS)
    return { ok: false, reason: "stale" };
  const expected = signSig1Request({
    service: input.service,
    secret,
    method: input.method,
    url: input.url,
    body: input.body,
    actor: input.actor,
    timestampMs: parsed.timestampMs,
    nonce: parsed.nonce,
  }).header;
  const given = Buffer.from(input.header ?? "", "utf8");
  const wanted = Buffer.from(expected, "utf8");
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    return { ok: false, reason: "mismatch" };
  return { ok: true, service: input.service };
}
