import { describe, expect, it } from "vitest";
import {
  CONVERSATION_CONTEXT_TTL_MS,
  DEFAULT_RETENTION,
  DEFAULT_RETENTION_MS,
  DELIVERY_DEDUPE_TTL_MS,
  retentionFor,
  TURN_TTL_MS,
} from "./retention.js";

const DAY_MS = 24 * 3_600_000;

describe("retentionFor", () => {
  it("keeps today's lifetimes by default: sessions 90 days, turns 30, context 7, deliveries 3", () => {
    expect(DEFAULT_RETENTION).toEqual({
      sessionMs: DEFAULT_RETENTION_MS,
      turnMs: TURN_TTL_MS,
      contextMs: CONVERSATION_CONTEXT_TTL_MS,
      conversationOwnerMs: DAY_MS,
      deliveryMs: DELIVERY_DEDUPE_TTL_MS,
    });
    expect(DEFAULT_RETENTION_MS).toBe(90 * DAY_MS);
  });

  it("lets no record outlive a shorter retention, and a longer one lengthen only sessions", () => {
    expect(retentionFor(2 * DAY_MS)).toEqual({
      sessionMs: 2 * DAY_MS,
      turnMs: 2 * DAY_MS,
      contextMs: 2 * DAY_MS,
      conversationOwnerMs: DAY_MS,
      deliveryMs: 2 * DAY_MS,
    });
    expect(retentionFor(365 * DAY_MS)).toEqual({ ...DEFAULT_RETENTION, sessionMs: 365 * DAY_MS });
  });
});
