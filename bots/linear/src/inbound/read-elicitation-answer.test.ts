import { parseCatalog } from "@baton/core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readElicitationAnswer } from "./read-elicitation-answer.js";

const catalog = parseCatalog(
  parse(`
repositories:
  - repo: acme/web
    aliases: [storefront]
  - repo: acme/api
environments:
  - id: checkout
    name: Checkout
    repositories: [acme/web, acme/api]
`),
  "baton.config.yaml",
);
const candidates = ["acme/web", "acme/api", "env:checkout"];

describe("readElicitationAnswer", () => {
  it("takes a number from the list", () => {
    expect(readElicitationAnswer("2", candidates, catalog)).toEqual({
      kind: "chosen",
      targetRef: "acme/api",
    });
    expect(readElicitationAnswer("#3", candidates, catalog)).toEqual({
      kind: "chosen",
      targetRef: "env:checkout",
    });
    expect(readElicitationAnswer("9", candidates, catalog)).toEqual({ kind: "not_an_answer" });
  });

  it('takes "no repository" in its usual forms', () => {
    for (const text of ["no repository", "No repo", "none", "no codebase."])
      expect(readElicitationAnswer(text, candidates, catalog)).toEqual({ kind: "chosen", targetRef: "none" });
  });

  it("takes a repository or environment by name, in the list or not", () => {
    expect(readElicitationAnswer("acme/web", candidates, catalog)).toEqual({
      kind: "chosen",
      targetRef: "acme/web",
    });
    expect(readElicitationAnswer("ACME/API", candidates, catalog)).toEqual({
      kind: "chosen",
      targetRef: "acme/api",
    });
  });

  it("takes a name said with the words of a choice as the choice alone, and one in an instruction as both", () => {
    for (const text of ["acme/web please", "use the acme/web repo", "Let's go with acme/web, thanks!"])
      expect(readElicitationAnswer(text, candidates, catalog)).toEqual({
        kind: "chosen",
        targetRef: "acme/web",
      });
    for (const text of ["also fix the docs in acme/web", "acme/api, and add a test for src/cart.ts"])
      expect(readElicitationAnswer(text, candidates, catalog)).toEqual({
        kind: "chosen",
        targetRef: text.includes("acme/api") ? "acme/api" : "acme/web",
        alsoAPrompt: true,
      });
  });

  it("leaves other replies to run as prompts", () => {
    expect(readElicitationAnswer("why do you ask?", candidates, catalog)).toEqual({ kind: "not_an_answer" });
  });
});
