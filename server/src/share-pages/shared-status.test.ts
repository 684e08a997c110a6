import type { TranscriptEntry } from "@baton/core";
import { describe, expect, it } from "vitest";
import { describeSharedStatus, SHARE_STREAM_IDLE_LIMIT_MS, statusFactsOf } from "./shared-status.js";

const AT = "2024-06-11T10:00:00.000Z";
const atMs = Date.parse(AT);

const stored = (entry: TranscriptEntry) => statusFactsOf(entry);

describe("describeSharedStatus", () => {
  it("is running while the newest entry is not an outcome", () => {
    const message = stored({ kind: "event", turnId: "t", at: AT, event: { type: "message", text: "x" } });
    expect(describeSharedStatus(message, atMs + 1_000)).toEqual({
      isStreaming: true,
      kind: "running",
      label: "Running",
    });
  });

  it("is over with an outcome, whatever it was", () => {
    for (const status of ["completed", "failed", "stopped"] as const) {
      const outcome = stored({ kind: "outcome", turnId: "t", at: AT, status, summary: "" });
      expect(describeSharedStatus(outcome, atMs)).toMatchObject({ isStreaming: false, kind: status });
    }
  });

  it("is not running when empty, or when a turn went quiet without an outcome", () => {
    expect(describeSharedStatus(null, atMs)).toMatchObject({ isStreaming: false, kind: "empty" });
    const prompt = stored({
      kind: "prompt",
      turnId: "t",
      at: AT,
      actor: { platform: "slack", id: "U1" },
      text: "x",
    });
    expect(describeSharedStatus(prompt, atMs + SHARE_STREAM_IDLE_LIMIT_MS)).toMatchObject({
      isStreaming: false,
      kind: "idle",
    });
  });
});
