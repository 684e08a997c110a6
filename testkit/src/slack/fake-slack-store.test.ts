import { describe, expect, it } from "vitest";
import { createFakeSlackStore, type FakeSlackMessage, THREAD_STATUS_TIMEOUT_MS } from "./fake-slack-store.js";

const message = (ts: string, text = ts): FakeSlackMessage => ({ type: "message", ts, text });

describe("createFakeSlackStore", () => {
  it("keeps a channel's messages in timestamp order whatever order they are added in", () => {
    const store = createFakeSlackStore();
    for (const ts of ["1700000000.000300", "1700000000.000100", "1700000001.000000", "1700000000.000200"])
      store.addMessage("C1", message(ts));

    expect(store.messagesIn("C1").map((m) => m.ts)).toEqual([
      "1700000000.000100",
      "1700000000.000200",
      "1700000000.000300",
      "1700000001.000000",
    ]);
  });

  it("finds a message by channel and ts, and not in another channel", () => {
    const store = createFakeSlackStore();
    const ts = store.nextTs();
    store.addMessage("C1", message(ts, "hello"));

    expect(store.findMessage("C1", ts)?.text).toBe("hello");
    expect(store.findMessage("C2", ts)).toBeUndefined();
    expect(store.findMessage("C1", store.nextTs())).toBeUndefined();
  });

  it("after a delete finds the next message stored with the same ts, then none", () => {
    const store = createFakeSlackStore();
    store.addMessage("C1", message("1700000000.000100", "first"));
    store.addMessage("C1", message("1700000000.000100", "second"));

    expect(store.findMessage("C1", "1700000000.000100")?.text).toBe("first");
    expect(store.deleteMessage("C1", "1700000000.000100")).toBe(true);
    expect(store.findMessage("C1", "1700000000.000100")?.text).toBe("second");
    expect(store.deleteMessage("C1", "1700000000.000100")).toBe(true);
    expect(store.findMessage("C1", "1700000000.000100")).toBeUndefined();
    expect(store.deleteMessage("C1", "1700000000.000100")).toBe(false);
  });

  it("lets a thread's status line lapse after two minutes without a message, as Slack does", () => {
    let at = 0;
    const store = createFakeSlackStore({ now: () => at });
    store.setThreadStatus("C1", "1.2", "is working");
    at = THREAD_STATUS_TIMEOUT_MS - 1;
    expect(store.threadStatus("C1", "1.2")).toBe("is working");
    at = THREAD_STATUS_TIMEOUT_MS;
    expect(store.threadStatus("C1", "1.2")).toBeUndefined();
  });

  it("forgets every message on reset", () => {
    const store = createFakeSlackStore();
    const ts = store.nextTs();
    store.addMessage("C1", message(ts));
    store.reset();

    expect(store.findMessage("C1", ts)).toBeUndefined();
    expect(store.messagesIn("C1")).toEqual([]);
  });
});
