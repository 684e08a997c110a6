// When a comparator job of bench:sessions makes each of its calls. Back to back: at once. Paced:
// at its time since the job began, on a timer. Paced and relaying an agent (the streaming agent
// Baton's workers run, `streaming-agent.mjs`): the job runs that agent too, and a call due while
// the agent streams is made on the first of its statuses at or past its time, as a worker relaying
// the agent's progress makes it; one due before the agent started or after it ended waits on a
// timer. The agent starts `startAfterMs` into the job: when Baton's turn started its own.
import { streamStatuses } from "./streaming-agent.mjs";

/**
 * `at(afterMs)` resolves when a call due `afterMs` after the job began may be made; `agentDone`
 * once the relayed agent has finished (at once without one).
 */
export function createJobPacer({ paced, agent }) {
  const startedAt = Date.now();
  const onTimer = (afterMs) => {
    const wait = paced ? startedAt + afterMs - Date.now() : 0;
    return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
  };
  if (!paced || !agent) return { at: onTimer, agentDone: Promise.resolve() };

  /** Calls waiting for a status of the agent, each with the moment it is due. */
  let waiting = [];
  // Until the agent starts (`startAfterMs` into the job, when Baton's turn started its own), calls go on timers.
  let streaming = false;
  const release = () => {
    const now = Date.now();
    const due = waiting.filter((waiter) => waiter.dueAt <= now);
    waiting = waiting.filter((waiter) => !due.includes(waiter));
    for (const waiter of due) waiter.resolve();
  };
  const agentDone = (async () => {
    await onTimer(agent.startAfterMs ?? 0);
    streaming = true;
    for await (const _event of streamStatuses({ ...agent, summaryAt: () => "" })) release();
    streaming = false;
    // What was due by the end goes now; what is due later keeps its time.
    for (const waiter of waiting) waiter.resolve(onTimer(waiter.dueAt - startedAt));
    waiting = [];
  })();
  return {
    at(afterMs) {
      if (!streaming) return onTimer(afterMs);
      return new Promise((resolve) => waiting.push({ dueAt: startedAt + afterMs, resolve }));
    },
    agentDone,
  };
}
