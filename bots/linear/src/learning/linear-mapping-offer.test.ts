import { describe, expect, it } from "vitest";
import { readMappingOfferAnswer, renderLinearMappingOffer } from "./linear-mapping-offer.js";

describe("the Linear mapping offer", () => {
  it("reads yes and no in the ways people write them, and anything else as a follow-up", () => {
    for (const yes of ["yes", "Yes.", "yes please", "OK", "always use it", "y"])
      expect(readMappingOfferAnswer(yes)).toBe("accept");
    for (const no of ["no", "Not now", "no thanks", "nope!"])
      expect(readMappingOfferAnswer(no)).toBe("decline");
    for (const other of ["yes, and also fix the tests", "use acme/web instead", "why?", ""])
      expect(readMappingOfferAnswer(other)).toBeUndefined();
  });

  it("asks the shared question and offers the two answers as options that read back as answers", () => {
    const offer = renderLinearMappingOffer({
      placeKey: "linear:team:eng",
      placeLabel: "the Linear team ENG",
      targetRef: "acme/web",
      votes: 2,
    });
    expect(offer.body).toContain("Always use acme/web in the Linear team ENG?");
    expect(offer.options.map((option) => readMappingOfferAnswer(option.value))).toEqual([
      "accept",
      "decline",
    ]);
  });
});
