import { describe, expect, it } from "vitest";
import { currentClaim } from "../budget/reply-claim-context.js";
import { withReplyPriorities } from "../budget/with-reply-priorities.js";
import type { Replier } from "../contracts/replier.js";
import { mapReplier, REPLIER_METHODS } from "./map-replier.js";

/** A replier with every method, each recording its name and the budget claim it ran under. */
function recordingReplier(calls: string[]): Replier {
  const method = (name: string) => async () => {
    calls.push(`${name}:${currentClaim().priority}`);
  };
  return Object.fromEntries(
    Object.keys(REPLIER_METHODS).map((name) => [name, method(name)]),
  ) as unknown as Replier;
}

describe("mapReplier", () => {
  it("wraps every method the replier has, and leaves absent optional ones absent", async () => {
    const seen: string[] = [];
    const { offerMapping: _dropped, ...withoutOffer } = recordingReplier([]);
    const mapped = mapReplier(withoutOffer as Replier, async (method, _args, call) => {
      seen.push(method);
      return call();
    });
    expect(Object.keys(mapped).sort()).toEqual(Object.keys(withoutOffer).sort());
    expect(mapped.offerMapping).toBeUndefined();
    await mapped.note?.({} as never, { turnId: "t", text: "x" });
    expect(seen).toEqual(["note"]);
  });

  it("keeps every method through the budget priorities, each under its claim", async () => {
    const calls: string[] = [];
    const prioritized = withReplyPriorities({ slack: recordingReplier(calls) }).slack!;
    expect(Object.keys(prioritized).sort()).toEqual(Object.keys(REPLIER_METHODS).sort());
    const turn = { conversationKey: "c1" } as never;
    await prioritized.offerMapping?.(turn, {} as never);
    await prioritized.progress(turn, "working");
    await prioritized.result(turn, {} as never, null);
    expect(calls).toEqual(["offerMapping:urgent", "progress:progress", "result:final"]);
  });
});
