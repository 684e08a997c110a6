// The ingest benchmark's bare Probot app: Probot's own node middleware (verify X-Hub-Signature-256,
// parse, build the event's context and installation Octokit) and a listener that adds one BullMQ
// job per issue comment, the same job the baseline adds. Nothing else.
import { createServer } from "node:http";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { createNodeMiddleware, Probot } from "probot";

const { REDIS_URL, PREFIX, GITHUB_WEBHOOK_SECRET, GITHUB_APP_ID, GITHUB_PRIVATE_KEY, PORT } = process.env;
const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue(`${PREFIX}-probot`, { connection, prefix: `{${PREFIX}}` });
const probot = new Probot({
  appId: GITHUB_APP_ID,
  privateKey: GITHUB_PRIVATE_KEY,
  secret: GITHUB_WEBHOOK_SECRET,
  logLevel: "error",
});
const middleware = await createNodeMiddleware(
  (app) => {
    app.on("issue_comment.created", async (context) => {
      await queue.add("event", context.payload.comment, { jobId: context.id });
    });
  },
  { probot },
);
const server = createServer((request, response) => {
  if (request.method === "GET") return response.writeHead(200).end();
  middleware(request, response, () => response.writeHead(404).end());
});
server.listen(Number(PORT), "127.0.0.1", () => process.stdout.write(`listening ${PORT}\n`));
process.on("SIGTERM", async () => {
  server.close();
  await queue.close();
  await connection.quit();
  process.exit(0);
});
