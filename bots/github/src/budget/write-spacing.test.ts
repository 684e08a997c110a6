import { describe, expect, it } from "vitest";
import { createWriteSpacing } from "./write-spacing.js";

describe("GitHub's write spacing", () => {
  it("lets one write go at a time, the interval apart, the most urgent waiting one first", async () => {
    const spacing = createWriteSpacing({ minIntervalMs: 40 });
    const went: Array<{ name: string; at: number }> = [];
    const write = (name: string, priority: "final" | "urgent" | "progress") =>
      spacing.turnFor(priority).then(() => went.push({ name, at: performance.now() }));
    await Promise.all([
      write("first", "progress"),
      write("progress", "progress"),
      write("start", "urgent"),
      write("result", "final"),
    ]);
    // "first" found no one ahead and went at once; the rest waited, served by priority.
    expect(went.map((w) => w.name)).toEqual(["first", "result", "start", "progress"]);
    for (let i = 1; i < went.length; i += 1) expect(went[i]!.at - went[i - 1]!.at).toBeGreaterThanOrEqual(35); // timers may fire a little early
  });

  it("drops a write whose signal aborts while it waits, and serves the next one in its place", async () => {
    const spacing = createWriteSpacing({ minIntervalMs: 40 });
    const went: string[] = [];
    const write = (name: string, signal?: AbortSignal) =>
      spacing.turnFor("progress", signal).then(() => went.push(name));
    await write("first");
    const turnEnded = new AbortController();
    const dropped = write("progress of an ended turn", turnEnded.signal);
    const next = write("next");
    turnEnded.abort(new Error("the turn ended"));
    await expect(dropped).rejects.toThrow("the turn ended");
    await next;
    expect(went).toEqual(["first", "next"]);
    await expect(write("too late", turnEnded.signal)).rejects.toThrow("the turn ended");
  });
});
