// A share-render thread: redacts and renders transcript entries for the share routes, off the
// event loop that answers webhooks. Started by `createShareRenderPool`, never imported.
import { workerData } from "node:worker_threads";
import { createRedactor } from "@baton/core";
import { serveWorkerJobs } from "../worker-threads/serve-worker-jobs.js";
import type { ShareRenderWorkerData } from "./create-share-render-pool.js";
import { createMarkdownRenderer } from "./render-markdown.js";
import { renderShareEntries } from "./render-share-entries.js";
import type { ShareRenderJob } from "./share-render-job.js";

const { knownSecrets, niceness, platformTitles } = workerData as ShareRenderWorkerData;
const tools = {
  redactor: createRedactor({ knownSecrets }),
  markdown: createMarkdownRenderer(),
  platformTitles,
};

serveWorkerJobs((job: ShareRenderJob) => renderShareEntries(job, tools), { niceness });
