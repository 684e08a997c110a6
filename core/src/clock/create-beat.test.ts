import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it, vi } from "vitest";
import { createBeat, ownTimers } from "./create-beat.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a beat", () => {
  it("runs tasks asked for at different moments on one tick, none before its delay", async () => {
    const beat = createBeat({ tickMs: 80, earlyMs: 0 });
    const ran: Array<{ name: string; at: number; askedAt: number; delay: number }> = [];
    const ask = (name: string, delay: number) => {
      const askedAt = performance.now();
      beat.after(delay, () => ran.push({ name, at: performance.now(), askedAt, delay }));
    };
    // Wait for a tick's start, so that the three asks below fall inside one tick.
    await new Promise<void>((resolve) => beat.after(0, resolve));
    ask("a", 30);
    await sleep(5);
    ask("b", 20);
    await sleep(5);
    ask("c", 10);
    await sleep(250);
    expect(ran.map(({ name }) => name).sort()).toEqual(["a", "b", "c"]);
    for (const task of ran) expect(task.at - task.askedAt).toBeGreaterThanOrEqual(task.delay - 1);
    // One tick: they ran one right after the other.
    const spread = Math.max(...ran.map(({ at }) => at)) - Math.min(...ran.map(({ at }) => at));
    expect(spread).toBeLessThan(5);
  });

  it("runs a task due just after a tick on that tick, as early as it allows", () => {
    // On a clock of its own: on a loaded machine a real 100 ms timer can fire a whole tick late.
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const beat = createBeat({ tickMs: 100, earlyMs: 10, now: () => Date.now() });
      const ran: number[] = [];
      // Due 5 ms after the next tick, within what may run early: on that tick, not the one after.
      beat.after(105, () => ran.push(Date.now() - 1_000_000));
      vi.advanceTimersByTime(260);
      expect(ran).toEqual([100]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs later ticks in order, and drops a cancelled task", async () => {
    const beat = createBeat({ tickMs: 20 });
    const ran: string[] = [];
    beat.after(90, () => ran.push("late"));
    const cancel = beat.after(10, () => ran.push("cancelled"));
    beat.after(10, () => ran.push("early"));
    cancel();
    cancel();
    await sleep(160);
    expect(ran).toEqual(["early", "late"]);
  });

  it("runs the same function given twice twice, and a task added on a tick runs on a later one", async () => {
    const beat = createBeat({ tickMs: 20 });
    let count = 0;
    const task = () => {
      count += 1;
    };
    beat.after(0, task);
    beat.after(0, task);
    const chained: number[] = [];
    beat.after(0, () => {
      chained.push(performance.now());
      beat.after(0, () => chained.push(performance.now()));
    });
    await sleep(100);
    expect(count).toBe(2);
    expect(chained).toHaveLength(2);
  });

  it("goes on with the tick's other tasks when one throws, and reports the error", async () => {
    const errors: unknown[] = [];
    const beat = createBeat({ tickMs: 20, onTaskError: (error) => errors.push(error) });
    const ran: string[] = [];
    beat.after(0, () => {
      throw new Error("broken task");
    });
    beat.after(0, () => ran.push("after it"));
    await sleep(60);
    expect(ran).toEqual(["after it"]);
    expect(errors).toEqual([new Error("broken task")]);
  });

  it("runs every tick in its own context, not in the context of whoever armed it", async () => {
    const reply = new AsyncLocalStorage<string>();
    const beat = reply.run("the beat's creator", () => createBeat({ tickMs: 10, earlyMs: 0 }));
    const seen: Array<string | undefined> = [];
    // Armed inside one reply; each tick then arms the next from its own timer.
    reply.run("a reply that has ended", () => beat.after(0, () => seen.push(reply.getStore())));
    await new Promise<void>((resolve) =>
      reply.run("another reply", () =>
        beat.after(25, () => {
          seen.push(reply.getStore());
          resolve();
        }),
      ),
    );
    expect(seen).toEqual(["the beat's creator", "the beat's creator"]);
  });
});

describe("own timers", () => {
  it("runs a task after its delay unless cancelled", async () => {
    const ran: string[] = [];
    ownTimers.after(10, () => ran.push("kept"));
    ownTimers.after(10, () => ran.push("cancelled"))();
    await sleep(40);
    expect(ran).toEqual(["kept"]);
  });
});
