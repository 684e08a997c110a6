import {
  createPlatformPolicies,
  createTargetResolver,
  parseCatalog,
  type RequestOf,
  sessionRequestSchema,
} from "@baton/core";
import { describe, expect, it } from "vitest";
import { createGithubMapping } from "./github-mapping.js";
import { githubPolicy } from "./github-policy.js";

const catalog = parseCatalog(
  {
    repositories: [{ repo: "acme/web" }, { repo: "acme/api" }, { repo: "acme/payments" }],
    environments: [
      { id: "checkout", name: "Checkout", repositories: ["acme/web", "acme/api", "acme/payments"] },
    ],
    // `env:checkout` as `baton catalog export-learned` writes it: the same as `checkout`.
    github: {
      repositories: {
        "acme/api": { defaultEnvironment: "checkout" },
        "acme/web": { defaultEnvironment: "env:checkout" },
      },
    },
  },
  "test",
  createPlatformPolicies([githubPolicy]),
);
const map = createGithubMapping(catalog, createTargetResolver(catalog));

function inRepository(repository: string): RequestOf<"github"> {
  const [owner, repo] = repository.split("/");
  return sessionRequestSchema.parse({
    version: 1,
    id: "r-1",
    deliveryId: "d-1",
    conversation: { platform: "github", installationId: 1, owner, repo, number: 7 },
    actor: { platform: "github", id: "ada" },
    text: "x",
    receivedAt: new Date(0).toISOString(),
  }) as RequestOf<"github">;
}

describe("GitHub's mapping: the repository a request came from", () => {
  it("is the repository's default environment when that environment holds it", () => {
    expect(map(inRepository("acme/api"))).toEqual({
      target: { kind: "environment", id: "checkout" },
      reason: "acme/api, where this was asked, defaults to this environment.",
    });
    expect(map(inRepository("acme/web"))?.target).toEqual({ kind: "environment", id: "checkout" });
  });

  it("is the repository itself otherwise, as the catalog spells it, or as it is when unlisted", () => {
    expect(map(inRepository("ACME/Payments"))?.target).toEqual({ kind: "repository", repo: "acme/payments" });
    expect(map(inRepository("acme/unlisted"))).toEqual({
      target: { kind: "repository", repo: "acme/unlisted" },
      reason: "The conversation is in acme/unlisted (not listed in the catalog).",
    });
  });
});
