import { describe, expect, it } from "vitest";
import { createProgressThrottle } from "./progress-throttle.js";

describe("progress throttle", () => {
  it("sends the first update, collapses a burst into the latest, and lets a final edit land last", async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const throttle = createProgressThrottle({ minIntervalMs: 50, onError: () => {} });
    // The first update is slow (Slack answered 429 and the client waits): it is still on its way.
    throttle.push(
      "t",
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            sent.push("first");
            resolve();
          };
        }),
    );
    for (let i = 0; i < 5; i++) throttle.push("t", async () => void sent.push(`burst ${i}`));
    const cancelled = throttle.cancel("t").then(() => sent.push("final"));
    // The slow update has started by the next turn of the event loop; now Slack answers it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
    release();
    await cancelled;
    expect(sent).toEqual(["first", "final"]);
  });

  it("sends the latest of a burst once the interval has passed", async () => {
    const sent: string[] = [];
    const throttle = createProgressThrottle({ minIntervalMs: 30, onError: () => {} });
    for (let i = 0; i < 5; i++) throttle.push("t", async () => void sent.push(`status ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toEqual(["status 0", "status 4"]);
    await throttle.cancel("t");
  });

  it("counts an edit made outside it: an update right behind it waits, and a quick end drops it", async () => {
    const sent: string[] = [];
    const throttle = createProgressThrottle({ minIntervalMs: 30, onError: () => {} });
    throttle.markEdited("quick");
    throttle.push("quick", async () => void sent.push("quick status"));
    await throttle.cancel("quick");
    throttle.markEdited("slow");
    throttle.push("slow", async () => void sent.push("slow status"));
    expect(sent).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toEqual(["slow status"]);
    await throttle.cancel("slow");
  });

  it("tells an update on its way that the turn ended: what it still waits for, it gives up quietly", async () => {
    const errors: unknown[] = [];
    const throttle = createProgressThrottle({ minIntervalMs: 30, onError: (error) => errors.push(error) });
    let sent = false;
    let waiting = false;
    // Holding its budget, the update waits for its turn to write (a platform's spacing).
    throttle.push(
      "t",
      (signal) =>
        new Promise<void>((resolve, reject) => {
          waiting = true;
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
          setTimeout(() => {
            sent = true;
            resolve();
          }, 5_000).unref();
        }),
    );
    expect(waiting).toBe(true);
    await throttle.cancel("t");
    expect(sent).toBe(false);
    expect(errors).toEqual([]);
  });
});
