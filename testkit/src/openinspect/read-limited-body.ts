import type { IncomingMessage } from "node:http";

/** A request's body, or `undefined` once it grows past `maxBytes` (the caller answers 413). */
export async function readLimitedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
