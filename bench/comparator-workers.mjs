// The comparators' BullMQ workers (bench/noop-worker.mjs), shared by bench:dispatch and
// bench:sessions: started on a queue of jobs added beforehand, stopped once it is drained, each
// reporting when it took its first job and finished its last, and its CPU in between.
import { spawn } from "node:child_process";

/** Starts `count` noop workers with `args`; `drainAndStop(queue, timeoutMs)` waits for the queue to empty and collects their reports. */
export function startNoopWorkers({ root, count, args, nodeArgs = [] }) {
  const children = Array.from({ length: count }, () => {
    const child = spawn("node", [...nodeArgs, "bench/noop-worker.mjs", ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const report = new Promise((resolve) => child.once("exit", () => resolve(JSON.parse(output || "{}"))));
    return { child, report };
  });
  return {
    async drainAndStop(queue, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while ((await queue.getJobCountByTypes("wait", "active", "delayed", "prioritized")) > 0) {
        if (Date.now() > deadline) throw new Error("the comparator's workers did not drain their jobs");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const { child } of children) child.kill("SIGTERM");
      return Promise.all(children.map((c) => c.report));
    },
  };
}
