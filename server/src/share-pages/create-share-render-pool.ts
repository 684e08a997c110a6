import { availableParallelism } from "node:os";
import type { Logger } from "@baton/core";
import { BOT_MODULES } from "../bots/bot-modules.js";
import { type PlatformTitles, platformTitlesOf } from "../bots/platform-titles.js";
import {
  createWorkerPool,
  type WorkerPoolResult,
  type WorkerPoolStats,
} from "../worker-threads/create-worker-pool.js";
import type { RenderedShareEntry, ShareRenderJob } from "./share-render-job.js";

/** Share-render threads by default: one core is left to the event loop, at most four are used. */
export const SHARE_RENDER_THREADS_DEFAULT = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Renders that may wait for a thread; the next share answer is a 503 with `Retry-After`. */
export const SHARE_RENDER_QUEUE_DEFAULT = 32;
/** A render running longer fails (500) and its thread is replaced. */
export const SHARE_RENDER_TIMEOUT_MS_DEFAULT = 10_000;
/**
 * Render threads give way to the event loop when CPU is short (Linux thread niceness): a page
 * may take longer, an acknowledgement may not (a platform waits a few seconds at most).
 */
export const SHARE_RENDER_NICENESS_DEFAULT = 10;

export interface ShareRenderWorkerData {
  /** The values of Baton's own secrets, redacted wherever they appear (`configuredSecrets(config)`). */
  knownSecrets: readonly string[];
  /** The threads' nice value (0 to 19): 0 leaves them at the event loop's priority. */
  niceness: number;
  /** Each platform's name as people read it ("on <title>" beside a prompt), from the bot modules. */
  platformTitles: PlatformTitles;
}

export type ShareRenderResult = WorkerPoolResult<RenderedShareEntry[]>;

/** Redacts and renders transcript entries for the share routes. */
export interface ShareRenderer {
  render(job: ShareRenderJob): Promise<ShareRenderResult>;
  stats(): WorkerPoolStats;
  close(): Promise<void>;
}

export interface ShareRenderPoolOptions {
  knownSecrets: readonly string[];
  niceness?: number;
  /** The listed platforms' names by default. */
  platformTitles?: PlatformTitles;
  threads?: number;
  maxQueued?: number;
  jobTimeoutMs?: number;
  logger: Logger;
}

/**
 * The share routes' renderer: redaction and rendering (about 260 ms of CPU per MB of transcript)
 * run in a bounded pool of worker threads, so that page loads never hold up the event loop that
 * acknowledges webhooks. Each thread builds its own redactor from the same known secrets.
 *
 * @example const renderer = createShareRenderPool({ knownSecrets: configuredSecrets(config), logger });
 */
export function createShareRenderPool({
  knownSecrets,
  niceness = SHARE_RENDER_NICENESS_DEFAULT,
  platformTitles = platformTitlesOf(BOT_MODULES),
  threads = SHARE_RENDER_THREADS_DEFAULT,
  maxQueued = SHARE_RENDER_QUEUE_DEFAULT,
  jobTimeoutMs = SHARE_RENDER_TIMEOUT_MS_DEFAULT,
  logger,
}: ShareRenderPoolOptions): ShareRenderer {
  // The built module is `.js`, the source `.ts`: the worker is named after this file's own extension.
  const extension = import.meta.url.endsWith(".ts") ? "ts" : "js";
  const workerData: ShareRenderWorkerData = { knownSecrets: [...knownSecrets], niceness, platformTitles };
  const pool = createWorkerPool<ShareRenderJob, RenderedShareEntry[]>({
    moduleUrl: new URL(`./share-render-worker.${extension}`, import.meta.url),
    workerData,
    threads,
    maxQueued,
    jobTimeoutMs,
    logger,
  });
  return { render: (job) => pool.run(job), stats: () => pool.stats(), close: () => pool.close() };
}
