import type { Worker } from "node:worker_threads";
import type { Logger } from "@baton/core";
import { startModuleWorker } from "./start-module-worker.js";
import type { WorkerJobAnswer, WorkerReady } from "./worker-job-messages.js";

export type WorkerPoolFailure = "worker_exited" | "timed_out" | "job_failed" | "closed";

export type WorkerPoolResult<O> =
  | { kind: "done"; value: O }
  /** Every thread is busy and the queue is full: the caller should ask again later. */
  | { kind: "busy" }
  | { kind: "failed"; reason: WorkerPoolFailure; message: string };

export interface WorkerPoolOptions {
  /** The module each thread runs; it calls `serveWorkerJobs` once. */
  moduleUrl: URL;
  /** Given to every thread (structured-cloned): what the module needs to build its tools. */
  workerData: unknown;
  /** Threads at most; they start when work arrives, so an idle pool holds none. */
  threads: number;
  /** Jobs that may wait for a thread; one more is answered `busy`. */
  maxQueued: number;
  /** A job running longer is failed and its thread replaced (a regex gone quadratic, say). */
  jobTimeoutMs: number;
  logger: Logger;
}

export interface WorkerPoolStats {
  threads: number;
  running: number;
  queued: number;
}

export interface WorkerPool<I, O> {
  run(input: I): Promise<WorkerPoolResult<O>>;
  stats(): WorkerPoolStats;
  /** Ends every thread; jobs still waiting or running fail with `closed`. */
  close(): Promise<void>;
}

interface Job<I, O> {
  id: number;
  input: I;
  settle(result: WorkerPoolResult<O>): void;
}

interface Thread<I, O> {
  worker: Worker;
  /** Its module has loaded: a job's time starts counting from here, not from the thread's start. */
  ready: boolean;
  job: Job<I, O> | null;
  timer: NodeJS.Timeout | null;
}

/**
 * A bounded pool of worker threads for CPU-heavy work that must not hold up the event loop that
 * answers webhooks. A thread that dies (or times out) fails only its own job and is replaced on
 * demand; a full queue is a `busy` answer rather than an unbounded backlog. Threads are unref'd:
 * an idle pool never keeps the process alive.
 *
 * @example
 * const pool = createWorkerPool<Job, Answer>({ moduleUrl: new URL("./my-worker.js", import.meta.url), workerData: {}, threads: 2, maxQueued: 16, jobTimeoutMs: 10_000, logger });
 * const result = await pool.run(job); // { kind: "done", value } | { kind: "busy" } | { kind: "failed", reason, message }
 */
export function createWorkerPool<I, O>({
  moduleUrl,
  workerData,
  threads: maxThreads,
  maxQueued,
  jobTimeoutMs,
  logger,
}: WorkerPoolOptions): WorkerPool<I, O> {
  const log = logger.child({ component: "server.worker_pool" });
  const threads = new Set<Thread<I, O>>();
  const queue: Job<I, O>[] = [];
  let nextJobId = 1;
  let closed = false;

  function startThread(): Thread<I, O> {
    const thread: Thread<I, O> = {
      worker: startModuleWorker(moduleUrl, workerData),
      ready: false,
      job: null,
      timer: null,
    };
    thread.worker.unref();
    threads.add(thread);
    thread.worker.on("message", (answer: WorkerJobAnswer<O> | WorkerReady) => {
      if ("ready" in answer) {
        thread.ready = true;
        if (thread.job) startTimer(thread, thread.job);
        return;
      }
      const job = thread.job;
      if (!job || job.id !== answer.jobId) return;
      finishJob(thread);
      job.settle(
        answer.ok
          ? { kind: "done", value: answer.value }
          : { kind: "failed", reason: "job_failed", message: answer.message },
      );
      takeNext(thread);
    });
    thread.worker.on("error", (error) => {
      log.warn("server.worker_pool.thread_failed", { module: moduleName, error: error.message });
    });
    thread.worker.on("exit", (code) => {
      const job = thread.job;
      threads.delete(thread);
      finishJob(thread);
      if (closed) return;
      log.warn("server.worker_pool.thread_exited", { module: moduleName, exit_code: code, had_job: !!job });
      job?.settle({ kind: "failed", reason: "worker_exited", message: `the worker thread exited (${code})` });
      // Its replacement starts now only if work is waiting; otherwise when work arrives.
      if (queue.length > 0 && threads.size < maxThreads) takeNext(startThread());
    });
    return thread;
  }

  function finishJob(thread: Thread<I, O>): void {
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    thread.job = null;
  }

  function dispatch(thread: Thread<I, O>, job: Job<I, O>): void {
    thread.job = job;
    if (thread.ready) startTimer(thread, job);
    thread.worker.postMessage({ jobId: job.id, input: job.input });
  }

  function startTimer(thread: Thread<I, O>, job: Job<I, O>): void {
    thread.timer = setTimeout(() => {
      if (thread.job !== job) return;
      log.warn("server.worker_pool.job_timed_out", { module: moduleName, timeout_ms: jobTimeoutMs });
      finishJob(thread);
      job.settle({ kind: "failed", reason: "timed_out", message: `the job ran over ${jobTimeoutMs} ms` });
      // The thread may be stuck for good: it takes no more jobs and is ended; the next job
      // starts a new one.
      threads.delete(thread);
      void thread.worker.terminate();
      if (queue.length > 0) takeNext(startThread());
    }, jobTimeoutMs);
    thread.timer.unref();
  }

  function takeNext(thread: Thread<I, O>): void {
    const job = queue.shift();
    if (job) dispatch(thread, job);
  }

  const moduleName = moduleUrl.pathname.split("/").at(-1) ?? "worker";

  return {
    run(input) {
      return new Promise((settle) => {
        if (closed) return settle({ kind: "failed", reason: "closed", message: "the pool is closed" });
        const job: Job<I, O> = { id: nextJobId++, input, settle };
        const idle = [...threads].find((thread) => thread.job === null);
        if (idle) return dispatch(idle, job);
        if (threads.size < maxThreads) return dispatch(startThread(), job);
        if (queue.length >= maxQueued) return settle({ kind: "busy" });
        queue.push(job);
      });
    },
    stats() {
      const running = [...threads].filter((thread) => thread.job !== null).length;
      return { threads: threads.size, running, queued: queue.length };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.settle({ kind: "failed", reason: "closed", message: "the pool closed" });
      await Promise.all(
        [...threads].map((thread) => {
          thread.job?.settle({ kind: "failed", reason: "closed", message: "the pool closed" });
          finishJob(thread);
          return thread.worker.terminate();
        }),
      );
    },
  };
}
