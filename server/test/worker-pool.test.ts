import { getPriority } from "node:os";
import { silentLogger } from "@baton/core";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkerPool, type WorkerPool } from "../src/worker-threads/create-worker-pool.js";
import type { GatedEchoJob } from "./fixtures/gated-echo-worker.js";

const WORKER = new URL("./fixtures/gated-echo-worker.ts", import.meta.url);
/** Long enough never to fire in these tests, except where a job is meant to hang. */
const NEVER_MS = 10 * 60_000;

const createGate = () => new Int32Array(new SharedArrayBuffer(4));
function openGate(gate: Int32Array): void {
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
}

describe("createWorkerPool", () => {
  let pool: WorkerPool<GatedEchoJob, string> | undefined;
  const start = (options: { threads: number; maxQueued: number; jobTimeoutMs?: number }) => {
    pool = createWorkerPool<GatedEchoJob, string>({
      moduleUrl: WORKER,
      workerData: null,
      jobTimeoutMs: NEVER_MS,
      logger: silentLogger,
      ...options,
    });
    return pool;
  };
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it("runs jobs in threads, started only when work arrives", async () => {
    const workers = start({ threads: 2, maxQueued: 4 });
    expect(workers.stats()).toEqual({ threads: 0, running: 0, queued: 0 });
    const results = await Promise.all(["a", "b", "c"].map((text) => workers.run({ kind: "echo", text })));
    expect(results).toEqual([
      { kind: "done", value: "echo a" },
      { kind: "done", value: "echo b" },
      { kind: "done", value: "echo c" },
    ]);
    expect(workers.stats().threads).toBeLessThanOrEqual(2);
  });

  it("runs a thread at the nice value its module asks for, and leaves the event loop's alone", async () => {
    const before = getPriority();
    const workers = start({ threads: 1, maxQueued: 1 });
    // The module's GATED_ECHO_NICENESS (importing the module here would run it).
    expect(await workers.run({ kind: "niceness" })).toEqual({ kind: "done", value: "7" });
    expect(getPriority()).toBe(before);
  });

  it("answers a job that throws with its message, and the thread goes on serving", async () => {
    const workers = start({ threads: 1, maxQueued: 4 });
    expect(await workers.run({ kind: "throw", message: "bad entry" })).toEqual({
      kind: "failed",
      reason: "job_failed",
      message: "bad entry",
    });
    expect(await workers.run({ kind: "echo", text: "next" })).toEqual({ kind: "done", value: "echo next" });
  });

  it("fails only the job of a thread that dies, and replaces the thread", async () => {
    const workers = start({ threads: 1, maxQueued: 4 });
    const gate = createGate();
    const crashing = workers.run({ kind: "exit" });
    // Queued behind the crash: the replacement thread takes it.
    const waiting = workers.run({ kind: "wait", gate, text: "after the crash" });
    expect(await crashing).toMatchObject({ kind: "failed", reason: "worker_exited" });
    openGate(gate);
    expect(await waiting).toEqual({ kind: "done", value: "echo after the crash" });
    expect(await workers.run({ kind: "echo", text: "again" })).toEqual({ kind: "done", value: "echo again" });
    expect(workers.stats().threads).toBe(1);
  });

  it("answers busy once every thread is working and the queue is full", async () => {
    const workers = start({ threads: 1, maxQueued: 1 });
    const gate = createGate();
    const running = workers.run({ kind: "wait", gate, text: "first" });
    const queued = workers.run({ kind: "echo", text: "second" });
    expect(workers.stats()).toEqual({ threads: 1, running: 1, queued: 1 });
    expect(await workers.run({ kind: "echo", text: "third" })).toEqual({ kind: "busy" });
    openGate(gate);
    expect(await running).toEqual({ kind: "done", value: "echo first" });
    expect(await queued).toEqual({ kind: "done", value: "echo second" });
    expect(await workers.run({ kind: "echo", text: "fourth" })).toEqual({
      kind: "done",
      value: "echo fourth",
    });
  });

  it("fails a job that runs over its time, ends its thread and serves the next job on a new one", async () => {
    const workers = start({ threads: 1, maxQueued: 1, jobTimeoutMs: 200 });
    const stuck = await workers.run({ kind: "wait", gate: createGate(), text: "never" });
    expect(stuck).toMatchObject({ kind: "failed", reason: "timed_out" });
    expect(await workers.run({ kind: "echo", text: "next" })).toEqual({ kind: "done", value: "echo next" });
  });

  it("fails waiting and running jobs when closed, and refuses new ones", async () => {
    const workers = start({ threads: 1, maxQueued: 2 });
    const gate = createGate();
    const running = workers.run({ kind: "wait", gate, text: "running" });
    const queued = workers.run({ kind: "echo", text: "queued" });
    await workers.close();
    expect(await running).toMatchObject({ kind: "failed", reason: "closed" });
    expect(await queued).toMatchObject({ kind: "failed", reason: "closed" });
    expect(await workers.run({ kind: "echo", text: "late" })).toMatchObject({
      kind: "failed",
      reason: "closed",
    });
  });
});
