import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { BUSY_PAGE, SHARE_BUSY_RETRY_AFTER_S } from "./render-busy-page.js";
import { NOT_FOUND_PAGE } from "./render-not-found-page.js";
import { SHARE_DATA_CSP, SHARE_PAGE_CSP, shareSecurityHeaders } from "./share-security-headers.js";

const NOT_FOUND_JSON = JSON.stringify({ error: "not_found" });
const BUSY_JSON = JSON.stringify({ error: "busy", retryAfterSeconds: SHARE_BUSY_RETRY_AFTER_S });
const BUSY_HEADERS = { "retry-after": String(SHARE_BUSY_RETRY_AFTER_S) };

export interface ShareDataOptions {
  /** Adds `X-Content-SHA256` (hex) so a download can be checked against what was sent. */
  withDigest?: boolean;
  /** Offers the body as a file with this name instead of showing it. */
  attachmentName?: string;
  /** More of the transcript follows: sent as `X-Baton-Next-Cursor` and a `Link: rel="next"`. */
  nextCursor?: string;
}

/** An HTML page of the share routes, with the page CSP (its own inline style and script only). */
export function sendSharePage(response: ServerResponse, status: number, html: string): void {
  send(response, status, "text/html; charset=utf-8", html, SHARE_PAGE_CSP, {});
}

/** The same bytes and headers for every id that opens nothing (unknown, malformed, revoked, expired). */
export function sendShareNotFoundPage(response: ServerResponse): void {
  sendSharePage(response, 404, NOT_FOUND_PAGE);
}

/** The page's 503 while every share-render thread is busy, with `Retry-After`. */
export function sendShareBusyPage(response: ServerResponse): void {
  send(response, 503, "text/html; charset=utf-8", BUSY_PAGE, SHARE_PAGE_CSP, BUSY_HEADERS);
}

/** The API's 503 while every share-render thread is busy, with `Retry-After`. */
export function sendShareBusyJson(response: ServerResponse): void {
  send(response, 503, "application/json; charset=utf-8", BUSY_JSON, SHARE_DATA_CSP, BUSY_HEADERS);
}

/** A JSON, markdown or download answer of the share routes; its CSP allows nothing. */
export function sendShareData(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  { withDigest = false, attachmentName, nextCursor }: ShareDataOptions = {},
): void {
  const extra: Record<string, string> = {};
  // A paged answer names where the next page starts: `?after=<cursor>` on the same path.
  if (nextCursor) {
    extra["x-baton-next-cursor"] = nextCursor;
    extra.link = `<?after=${encodeURIComponent(nextCursor)}>; rel="next"`;
  }
  if (withDigest) extra["x-content-sha256"] = createHash("sha256").update(body, "utf8").digest("hex");
  if (attachmentName) extra["content-disposition"] = `attachment; filename="${attachmentName}"`;
  send(response, status, contentType, body, SHARE_DATA_CSP, extra);
}

export function sendShareJson(response: ServerResponse, status: number, body: unknown): void {
  sendShareData(response, status, "application/json; charset=utf-8", JSON.stringify(body));
}

/** The API's 404: identical for every id that opens nothing. */
export function sendShareNotFoundJson(response: ServerResponse): void {
  sendShareData(response, 404, "application/json; charset=utf-8", NOT_FOUND_JSON);
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  csp: string,
  extra: Record<string, string>,
): void {
  response.writeHead(status, {
    ...shareSecurityHeaders(csp),
    "content-type": contentType,
    "content-length": Buffer.byteLength(body),
    ...extra,
  });
  response.end(body);
}
