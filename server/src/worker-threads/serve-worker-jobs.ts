import { parentPort } from "node:worker_threads";
import type { WorkerJobAnswer, WorkerJobMessage, WorkerReady } from "./worker-job-messages.js";

/**
 * The thread's side of `createWorkerPool`: answers each job with `handle(input)`, or with the
 * message of what it threw. Called once, at the top of a worker module.
 */
export function serveWorkerJobs<I, O>(handle: (input: I) => O): void {
  const port = parentPort;
  if (!port) throw new Error("serveWorkerJobs runs in a worker thread started by createWorkerPool");
  port.on("message", ({ jobId, input }: WorkerJobMessage<I>) => {
    let answer: WorkerJobAnswer<O>;
    try {
      answer = { jobId, ok: true, value: handle(input) };
    } catch (error) {
      answer = { jobId, ok: false, message: (error as Error).message };
    }
    port.postMessage(answer);
  });
  const ready: WorkerReady = { ready: true };
  port.postMessage(ready);
}
