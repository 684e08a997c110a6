import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The control plane refuses signatures further than this from its clock. */
const SIG1_CLOCK_SKEW_MS = 5 * 60_000;
const SIG1_HEADER_PATTERN = /^sig1\.([1-9][0-9]*)\.([0-9a-f]{1,64})\.([0-9a-f]{64})$/;

export interface Sig1SignedRequest {
  service: string | undefined;
  header: string | undefined;
  method: string;
  url: string;
  body: Buffer;
  actor: string | undefined;
}

/**
 * The fake control plane's own reading of Open-Inspect's sig1 scheme. It is written apart from
 * `@baton/backends`' signer on purpose: a fake that verified with the code under test would
 * agree with any mistake that code makes (and testkit must not depend on the packages it tests).
 */
export function verifySig1Signature(
  request: Sig1SignedRequest,
  secrets: Readonly<Record<string, string>>,
  nowMs = Date.now(),
): boolean {
  const secret = request.service === undefined ? undefined : secrets[request.service];
  const match = SIG1_HEADER_PATTERN.exec(request.header ?? "");
  if (secret === undefined || !match) return false;
  const [, timestamp = "", nonce = "", signature = ""] = match;
  if (!Number.isSafeInteger(Number(timestamp)) || Math.abs(nowMs - Number(timestamp)) > SIG1_CLOCK_SKEW_MS)
    return false;
  const url = new URL(request.url);
  const query = [...new URLSearchParams(url.search)]
    .sort(([ak, av], [bk, bv]) => Buffer.compare(Buffer.from(`${ak}\0${av}`), Buffer.from(`${bk}\0${bv}`)))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");
  const canonical = [
    "sig1",
    request.service,
    timestamp,
    nonce,
    request.method.toUpperCase(),
    url.pathname,
    query,
    createHash("sha256").update(request.body).digest("hex"),
    request.actor ?? "",
  ].join("\n");
  const expected = Buffer.from(createHmac("sha256", secret).update(canonical).digest("hex"));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
