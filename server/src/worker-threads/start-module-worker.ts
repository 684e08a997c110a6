import { Worker } from "node:worker_threads";

/** The heap a pool thread may use: a thread that needs more dies alone, not the process. */
export const WORKER_THREAD_MAX_HEAP_MB = 512;

/**
 * A worker thread running `moduleUrl`. From a built Baton that is a `.js` file, started as is;
 * from the sources (tests, `tsx`) it is a `.ts` file, started through `ts-worker-bootstrap.mjs`
 * with the packages' source export condition, as the process itself runs.
 */
export function startModuleWorker(moduleUrl: URL, workerData: unknown): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_THREAD_MAX_HEAP_MB };
  if (!moduleUrl.pathname.endsWith(".ts")) return new Worker(moduleUrl, { workerData, resourceLimits });
  return new Worker(new URL("./ts-worker-bootstrap.mjs", import.meta.url), {
    argv: [moduleUrl.href],
    execArgv: ["--conditions=@baton/source"],
    workerData,
    resourceLimits,
  });
}
