// The ingest benchmark's baseline: the least a webhook receiver can do and still be correct:
// verify the HMAC (Slack's v0 signature, GitHub's X-Hub-Signature-256 on /api/github/webhooks,
// Linear's Linear-Signature and webhookTimestamp on /linear/webhooks), parse the JSON, add one
// BullMQ job, answer 200. Nothing else.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { serveBaseline } from "./bench-support.mjs";

const { REDIS_URL, PREFIX, SIGNING_SECRET, GITHUB_WEBHOOK_SECRET, LINEAR_WEBHOOK_SECRET, PORT } = process.env;
/** Slack's replay window, the one Bolt enforces. */
const SLACK_MAX_AGE_S = 300;
/** Linear's own replay window, the one LinearWebhookClient enforces. */
const LINEAR_MAX_AGE_MS = 60_000;
const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue(`${PREFIX}-baseline`, { connection, prefix: `{${PREFIX}}` });

function sameSignature(received, expected) {
  const signature = Buffer.from(String(received ?? ""));
  const wanted = Buffer.from(expected);
  return signature.length === wanted.length && timingSafeEqual(signature, wanted);
}

function verified(headers, body) {
  const timestamp = headers["x-slack-request-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > SLACK_MAX_AGE_S) return false;
  const expected = `v0=${createHmac("sha256", SIGNING_SECRET).update(`v0:${timestamp}:${body}`).digest("hex")}`;
  return sameSignature(headers["x-slack-signature"], expected);
}

function verifiedGithub(headers, body) {
  const expected = `sha256=${createHmac("sha256", GITHUB_WEBHOOK_SECRET).update(body).digest("hex")}`;
  return sameSignature(headers["x-hub-signature-256"], expected);
}

function verifiedLinear(headers, body) {
  const expected = createHmac("sha256", LINEAR_WEBHOOK_SECRET).update(body).digest("hex");
  return sameSignature(headers["linear-signature"], expected);
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
    if (request.url === "/linear/webhooks") {
      if (!verifiedLinear(request.headers, body)) return response.writeHead(401).end();
      const payload = JSON.parse(body);
      if (Math.abs(Date.now() - payload.webhookTimestamp) > LINEAR_MAX_AGE_MS)
        return response.writeHead(401).end();
      await queue.add("event", payload, { jobId: payload.agentSession.id });
      return response.writeHead(200).end();
    }
    if (!verified(request.headers, body)) return response.writeHead(401).end();
    const envelope = JSON.parse(body);
    await queue.add("event", envelope.event, { jobId: envelope.event_id });
    response.writeHead(200).end();
  });
});
serveBaseline({ server, queue, connection, port: PORT });
