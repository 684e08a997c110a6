// The file of pre-rendered requests that wrk (deliveries.lua) and the paced client both send: raw
// HTTP/1.1 requests, each followed by a \0 byte. A header value may be the single byte \1, which
// the sender replaces with an id of its own for each request it sends.
import { once } from "node:events";
import { createWriteStream, readFileSync } from "node:fs";

/** Marks a header whose value each sender fills with a fresh id (an unsigned delivery id). */
export const FRESH_ID = "\u0001";
const RECORD_END = "\0";

function render({ path, headers, body }) {
  const lines = [`POST ${path} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}${RECORD_END}`;
}

/** Writes every delivery of an iterable to `path`; resolves to how many were written. */
export async function writeDeliveriesFile(path, deliveries) {
  const out = createWriteStream(path);
  let count = 0;
  for (const delivery of deliveries) {
    if (!out.write(render(delivery))) await once(out, "drain");
    count++;
  }
  out.end();
  await once(out, "finish");
  return count;
}

/** Reads a deliveries file back as `{ path, headers, body }`, the \1 marker left in place. */
export function readDeliveriesFile(path) {
  const records = readFileSync(path, "utf8").split(RECORD_END);
  records.pop();
  return records.map((record) => {
    const headEnd = record.indexOf("\r\n\r\n");
    const [requestLine, ...headerLines] = record.slice(0, headEnd).split("\r\n");
    const headers = {};
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { path: requestLine.split(" ")[1], headers, body: record.slice(headEnd + 4) };
  });
}
