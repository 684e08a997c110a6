import { describe, expect, it } from "vitest";
import { chooseTurnModel, describeModelRefusal } from "./choose-turn-model.js";

const openai = { name: "openai", defaultModel: "gpt-4.1-mini" };
const listed = { openai: { default: "gpt-4.1", allowed: ["gpt-4.1", "gpt-5", "o4-mini"] } };

describe("chooseTurnModel", () => {
  it("uses the backend's own default when neither the turn, the session nor the catalog names one", () => {
    expect(chooseTurnModel({ backend: openai, models: {} })).toEqual({
      kind: "chosen",
      model: "gpt-4.1-mini",
      sessionModel: undefined,
    });
    expect(chooseTurnModel({ backend: { name: "plan" }, models: {} })).toEqual({
      kind: "chosen",
      model: undefined,
      sessionModel: undefined,
    });
  });

  it("prefers the catalog's default for the backend to the backend's own", () => {
    expect(chooseTurnModel({ backend: openai, models: listed })).toMatchObject({ model: "gpt-4.1" });
  });

  it("a model named on the turn counts for the turn and is remembered for the session", () => {
    expect(
      chooseTurnModel({ requested: "gpt-5", sessionModel: "o4-mini", backend: openai, models: listed }),
    ).toEqual({ kind: "chosen", model: "gpt-5", sessionModel: "gpt-5" });
  });

  it("a later turn that names none keeps the session's model", () => {
    expect(chooseTurnModel({ sessionModel: "o4-mini", backend: openai, models: listed })).toEqual({
      kind: "chosen",
      model: "o4-mini",
      sessionModel: "o4-mini",
    });
  });

  it("refuses a model outside the catalog's list and names the allowed ones", () => {
    const choice = chooseTurnModel({ requested: "gpt-3", backend: openai, models: listed });
    expect(choice).toEqual({
      kind: "not_allowed",
      requested: "gpt-3",
      allowed: ["gpt-4.1", "gpt-5", "o4-mini"],
    });
    if (choice.kind !== "not_allowed") throw new Error("expected a refusal");
    expect(describeModelRefusal(choice)).toContain("`gpt-4.1`, `gpt-5`, `o4-mini`");
  });

  it("matches names without regard to case and keeps the catalog's spelling", () => {
    expect(chooseTurnModel({ requested: "GPT-5", backend: openai, models: listed })).toMatchObject({
      model: "gpt-5",
    });
  });

  it("accepts any model when the catalog lists none for the backend", () => {
    expect(chooseTurnModel({ requested: "my-local-llama", backend: openai, models: {} })).toMatchObject({
      kind: "chosen",
      model: "my-local-llama",
    });
    // The list of another backend does not apply.
    expect(
      chooseTurnModel({ requested: "anything", backend: { name: "openinspect" }, models: listed }),
    ).toMatchObject({ model: "anything" });
  });

  it("a session model the catalog no longer lists falls back to the default instead of refusing", () => {
    expect(chooseTurnModel({ sessionModel: "gpt-3", backend: openai, models: listed })).toEqual({
      kind: "chosen",
      model: "gpt-4.1",
      sessionModel: undefined,
    });
  });
});
