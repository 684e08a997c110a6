// The ingest benchmark's baseline: the least a webhook receiver can do and still be correct:
// verify the HMAC (Slack's v0 signature, or GitHub's X-Hub-Signature-256 on /api/github/webhooks),
// parse the JSON, add one BullMQ job, answer 200. Nothing else.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { serveBaseline } from "./bench-support.mjs";

const { REDIS_URL, PREFIX, SIGNING_SECRET, GITHUB_WEBHOOK_SECRET, PORT } = process.env;
const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue(`${PREFIX}-baseline`, { connection, prefix: `{${PREFIX}}` });

function verified(headers, body) {
  const timestamp = headers["x-slack-request-timestamp"];
  const signature = Buffer.from(String(headers["x-slack-signature"] ?? ""));
  const expected = Buffer.from(
    `v0=${createHmac("sha256", SIGNING_SECRET).update(`v0:${timestamp}:${body}`).digest("hex")}`,
  );
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}

function verifiedGithub(headers, body) {
  const signature = Buffer.from(String(headers["x-hub-signature-256"] ?? ""));
  const expected = Buffer.from(
    `sha256=${createHmac("sha256", GITHUB_WEBHOOK_SECRET).update(body).digest("hex")}`,
  );
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", async () => {
    const body = Buffer.concat(chunks).toString("utf8");
    if (request.url === "/api/github/webhooks") {
      if (!verifiedGithub(request.headers, body)) return response.writeHead(401).end();
      const payload = JSON.parse(body);
      await queue.add("event", payload.comment, { jobId: String(request.headers["x-github-delivery"]) });
      return response.writeHead(200).end();
    }
    if (!verified(request.headers, body)) return response.writeHead(401).end();
    const envelope = JSON.parse(body);
    await queue.add("event", envelope.event, { jobId: envelope.event_id });
    response.writeHead(200).end();
  });
});
serveBaseline({ server, queue, connection, port: PORT });
