import { parentPort } from "node:worker_threads";
import { errorMessage } from "@baton/core";
import { lowerThreadPriority } from "./lower-thread-priority.js";
import type { WorkerJobAnswer, WorkerJobMessage, WorkerReady } from "./worker-job-messages.js";

export interface ServeWorkerJobsOptions {
  /**
   * Runs the thread at this nice value (Linux; 0 to 19, higher yields more): work that may wait
   * gives way to the process's event loop when CPU is short.
   */
  niceness?: number;
}

/**
 * The thread's side of `createWorkerPool`: answers each job with `handle(input)`, or with the
 * message of what it threw. Called once, at the top of a worker module.
 */
export function serveWorkerJobs<I, O>(
  handle: (input: I) => O,
  { niceness }: ServeWorkerJobsOptions = {},
): void {
  const port = parentPort;
  if (!port) throw new Error("serveWorkerJobs runs in a worker thread started by createWorkerPool");
  if (niceness !== undefined) lowerThreadPriority(niceness);
  port.on("message", ({ jobId, input }: WorkerJobMessage<I>) => {
    let answer: WorkerJobAnswer<O>;
    try {
      answer = { jobId, ok: true, value: handle(input) };
    } catch (error) {
      answer = { jobId, ok: false, message: errorMessage(error) };
    }
    port.postMessage(answer);
  });
  const ready: WorkerReady = { ready: true };
  port.postMessage(ready);
}
