// The ingest benchmark's bare Bolt app: Bolt's own HTTPReceiver (verify the Slack signature, parse,
// ack) and an app_mention listener that adds one BullMQ job, the same job the baseline adds.
// Nothing else. Its Web API client (auth.test at start) talks to the benchmark's fake Slack.
import bolt from "@slack/bolt";
import { Queue } from "bullmq";
import { Redis } from "ioredis";

const { App, LogLevel } = bolt;
const { REDIS_URL, PREFIX, SIGNING_SECRET, SLACK_API_URL, PORT } = process.env;
const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue(`${PREFIX}-bolt`, { connection, prefix: `{${PREFIX}}` });
const app = new App({
  token: "xoxb-bench",
  signingSecret: SIGNING_SECRET,
  clientOptions: { slackApiUrl: SLACK_API_URL },
  logLevel: LogLevel.ERROR,
});
app.event("app_mention", async ({ event, body }) => {
  await queue.add("event", event, { jobId: body.event_id });
});
await app.start({ port: Number(PORT), host: "127.0.0.1" });
process.stdout.write(`listening ${PORT}\n`);
process.on("SIGTERM", async () => {
  await app.stop();
  await queue.close();
  await connection.quit();
  process.exit(0);
});
