// bench:sessions' agent: a status every `everyMs` for `streamMs`, then done. Baton's streaming
// worker runs it as its agent backend; the comparator that relays an agent runs the very same one
// beside its calls, so that the agent's own cost (a timer a status, which wakes the process on a
// machine where a wake-up is dear) weighs on both sides alike.
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Yields `{ type: "status", message }` every `everyMs` for `streamMs`, then `{ type: "done",
 * summary }` with the summary `summaryAt` makes of the moment the stream ended.
 */
export async function* streamStatuses({ streamMs, everyMs, signal, summaryAt }) {
  const end = Date.now() + streamMs;
  for (let step = 0; Date.now() < end && !signal?.aborted; step += 1) {
    yield { type: "status", message: `step ${step}` };
    // An abort ends the wait (and the stream) early; it is not an error here.
    await sleep(everyMs, undefined, { signal }).catch(() => {});
  }
  yield { type: "done", summary: summaryAt(Date.now()) };
}
