import { request } from "node:http";

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * POSTs exact bytes with exact headers (fetch would normalise both). A connection the server cuts
 * counts as status 0, which no property accepts.
 */
export function sendRaw(url: string, headers: Record<string, string>, body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "POST", headers: { ...headers, "content-length": body.length } });
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE"
        ? resolve({ status: 0, body: "" })
        : reject(error),
    );
    outgoing.end(body);
  });
}
