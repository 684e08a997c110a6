import { describe, expect, it } from "vitest";
import type { Replier } from "../contracts/replier.js";
import { mapReplier, REPLIER_METHODS } from "./map-replier.js";

/** A replier with every method, each recording its name. */
function recordingReplier(calls: string[]): Replier {
  const method = (name: string) => async () => {
    calls.push(name);
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
});
