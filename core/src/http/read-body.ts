import type { IncomingMessage } from "node:http";

/** Webhook bodies larger than this are refused before they are read in full. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

export type ReadBodyResult = { kind: "ok"; body: Buffer } | { kind: "too_large" } | { kind: "aborted" };

/**
 * Reads a request body up to `limitBytes`. Signatures are computed over these exact bytes, so the
 * body is kept raw: parsing comes after verification.
 */
export function readBody(
  request: IncomingMessage,
  limitBytes = MAX_WEBHOOK_BODY_BYTES,
): Promise<ReadBodyResult> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limitBytes) {
    request.resume();
    return Promise.resolve({ kind: "too_large" });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: ReadBodyResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        // Keep draining (without storing) so the 413 can still be written on this connection.
        chunks.length = 0;
        settle({ kind: "too_large" });
        return;
      }
      if (!settled) chunks.push(chunk);
    });
    request.on("end", () =>
      settle({ kind: "ok", body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }),
    );
    request.on("error", () => settle({ kind: "aborted" }));
    request.on("aborted", () => settle({ kind: "aborted" }));
  });
}
