import { describe, expect, it } from "vitest";
import { SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { defuseRequestFlags, parseRequestText } from "./parse-request-text.js";

describe("parseRequestText", () => {
  it("reads !model and removes it from the prompt", () => {
    expect(parseRequestText("!model gpt-5 explain the retry policy", SMALL_CATALOG)).toEqual({
      prompt: "explain the retry policy",
      hints: { model: "gpt-5" },
    });
    expect(parseRequestText("explain it !model=o4-mini please", SMALL_CATALOG).hints.model).toBe("o4-mini");
  });

  it("reads --model as !model", () => {
    expect(parseRequestText("--model gpt-5 explain the retry policy", SMALL_CATALOG)).toEqual({
      prompt: "explain the retry policy",
      hints: { model: "gpt-5" },
    });
    expect(parseRequestText("why? --model=o4-mini", SMALL_CATALOG).hints.model).toBe("o4-mini");
    // Only as a word of its own: "x--model y" is text.
    expect(parseRequestText("x--model y", SMALL_CATALOG).hints.model).toBeUndefined();
  });

  it("turns !repo, !env and !no-repo into target hints", () => {
    expect(parseRequestText("!repo acme/infra add an output", SMALL_CATALOG)).toEqual({
      prompt: "add an output",
      hints: { target: { text: "acme/infra", target: { kind: "repository", repo: "acme/infra" } } },
    });
    expect(parseRequestText("!env money audit", SMALL_CATALOG).hints.target?.target).toEqual({
      kind: "environment",
      id: "money",
    });
    expect(parseRequestText("!no-repo draft the email", SMALL_CATALOG)).toEqual({
      prompt: "draft the email",
      hints: { target: { text: "no repository", target: { kind: "none" } } },
    });
  });

  it("keeps an unknown !repo as a hint without a target, so the classifier asks", () => {
    expect(parseRequestText("!repo evil/backdoor push it", SMALL_CATALOG).hints.target).toEqual({
      text: "evil/backdoor",
    });
  });

  it("hints a target the prose names strongly, once", () => {
    expect(parseRequestText("also check acme/payments please", SMALL_CATALOG)).toEqual({
      prompt: "also check acme/payments please",
      hints: { target: { text: "acme/payments", target: { kind: "repository", repo: "acme/payments" } } },
    });
  });

  it("gives no target hint for an alias alone or for several targets", () => {
    expect(parseRequestText("the storefront still fails", SMALL_CATALOG).hints.target).toBeUndefined();
    expect(parseRequestText("compare acme/web with acme/api", SMALL_CATALOG).hints.target).toBeUndefined();
  });

  it("leaves exclamation marks that are not flags alone", () => {
    expect(parseRequestText("it broke again! please fix", SMALL_CATALOG)).toEqual({
      prompt: "it broke again! please fix",
      hints: {},
    });
  });
});

describe("defuseRequestFlags", () => {
  it("leaves no flag for parseRequestText to read, and the rest of the text as it was", () => {
    const forwarded = "!model gpt-5 look\n> --model=o4 and !repo acme/api\n!env checkout !no-repo !none wow!";
    const defused = defuseRequestFlags(forwarded);
    expect(defused).toBe(
      "! model gpt-5 look\n> -- model=o4 and ! repo acme/api\n! env checkout ! no-repo ! none wow!",
    );
    // What is left are words: quoted, as a forward is, they name nothing either.
    expect(parseRequestText(defused.replace(/^/gm, "> "), SMALL_CATALOG).hints).toEqual({});
    expect(parseRequestText(defuseRequestFlags("--model gpt-5 !no-repo look"), SMALL_CATALOG).hints).toEqual(
      {},
    );
  });
});
