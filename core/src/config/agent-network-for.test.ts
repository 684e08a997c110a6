import { describe, expect, it } from "vitest";
import { agentNetworkFor } from "./agent-network-for.js";
import { parseCatalog } from "./load-catalog.js";

const catalog = parseCatalog(
  {
    repositories: [
      { repo: "acme/web", agent: { network: true } },
      { repo: "acme/api" },
      { repo: "acme/infra", agent: {} },
    ],
    environments: [
      { id: "checkout", name: "Checkout", repositories: ["acme/web", "acme/api"] },
      { id: "builds", name: "Builds", repositories: ["acme/api"], agent: { network: true } },
    ],
  },
  "baton.config.yaml",
);

describe("agentNetworkFor", () => {
  it("is on only where the catalog turns it on, for a repository or an environment as a whole", () => {
    expect(agentNetworkFor(catalog, { kind: "repository", repo: "acme/web" })).toBe(true);
    expect(agentNetworkFor(catalog, { kind: "repository", repo: "ACME/Web" })).toBe(true);
    expect(agentNetworkFor(catalog, { kind: "repository", repo: "acme/api" })).toBe(false);
    expect(agentNetworkFor(catalog, { kind: "repository", repo: "acme/infra" })).toBe(false);
    expect(agentNetworkFor(catalog, { kind: "environment", id: "builds" })).toBe(true);
    // acme/web's own setting does not open the network of an environment it is part of.
    expect(agentNetworkFor(catalog, { kind: "environment", id: "checkout" })).toBe(false);
  });

  it("is off for no repository and for targets the catalog does not list", () => {
    expect(agentNetworkFor(catalog, { kind: "none" })).toBe(false);
    expect(agentNetworkFor(catalog, { kind: "repository", repo: "acme/unknown" })).toBe(false);
    expect(agentNetworkFor(catalog, { kind: "environment", id: "gone" })).toBe(false);
  });

  it("refuses a misspelt setting, naming its key", () => {
    expect(() =>
      parseCatalog({ repositories: [{ repo: "acme/web", agent: { netwrok: true } }] }, "baton.config.yaml"),
    ).toThrow(/repositories\.0\.agent/);
    expect(() =>
      parseCatalog({ repositories: [{ repo: "acme/web", agent: { network: "yes" } }] }, "baton.config.yaml"),
    ).toThrow(/repositories\.0\.agent\.network/);
  });
});
