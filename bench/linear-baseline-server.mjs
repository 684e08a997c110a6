// The Linear ingest benchmark's baseline: LinearWebhookClient alone (the SDK's own handler:
// signature and timestamp check, JSON parse, dispatch by event type), one BullMQ job, 200.
import { createServer } from "node:http";
import { LinearWebhookClient } from "@linear/sdk/webhooks";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { serveBaseline } from "./bench-support.mjs";

const { REDIS_URL, PREFIX, SIGNING_SECRET, PORT } = process.env;
const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue(`${PREFIX}-linear-baseline`, { connection, prefix: `{${PREFIX}}` });
const handler = new LinearWebhookClient(SIGNING_SECRET).createHandler();
handler.on("AgentSessionEvent", async (payload) => {
  await queue.add("event", payload, { jobId: payload.agentSession.id });
});

const server = createServer((request, response) => {
  if (request.method !== "POST") return response.writeHead(200).end();
  handler(request, response);
});
serveBaseline({ server, queue, connection, port: PORT });
