import { describe, expect, it } from "vitest";
import { buildRepositoryProfile, readmeText } from "./build-repository-profile.js";
import { readCodeowners, readPackageName } from "./read-package-names.js";
import { PROFILE_MAX_SUMMARY_CHARS, PROFILE_MAX_TERMS } from "./repository-profile.js";

const now = new Date("2026-01-01T00:00:00.000Z");

describe("buildRepositoryProfile", () => {
  it("keeps the telling words of folders, packages, teams, languages and the README, not generic ones", () => {
    const profile = buildRepositoryProfile({
      repo: "acme/shipping",
      readme:
        "# shipping\n\nCarrier integrations: FedEx and DHL labels, tracking links.\n\n## Setup\nRun it.",
      folders: ["src", "carriers/fedex", "test", ".github"],
      packages: ["@acme/shipping-rates"],
      owners: ["@acme/fulfillment-team", "@alice"],
      languages: ["TypeScript"],
      revision: "abc123",
      now,
    });
    expect(profile.terms.slice(0, 6)).toEqual([
      "carrier",
      "fedex",
      "shipping",
      "rate",
      "fulfillment",
      "typescript",
    ]);
    expect(profile.terms).toEqual(
      expect.arrayContaining(["integration", "dhl", "label", "tracking", "link"]),
    );
    // Generic folders, a person's login, stop words and the markdown itself are not evidence.
    for (const word of ["src", "test", "github", "alice", "and", "the"])
      expect(profile.terms).not.toContain(word);
    expect(profile.summary).toBe("Carrier integrations: FedEx and DHL labels, tracking links.");
    expect(profile.revision).toBe("abc123");
  });

  it("stays within its bounds whatever the README holds", () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
    const profile = buildRepositoryProfile({ repo: "acme/big", readme: words.join(" "), now });
    expect(profile.terms.length).toBeLessThanOrEqual(PROFILE_MAX_TERMS);
    expect(profile.summary.length).toBeLessThanOrEqual(PROFILE_MAX_SUMMARY_CHARS + 1);
    expect(JSON.stringify(profile).length).toBeLessThan(8_000);
  });

  it("reads prose only: code, images, link targets and HTML are left out", () => {
    const text = readmeText(
      "![build](https://ci/badge.svg) See [the guide](https://example.com/guide).\n```sh\nrm -rf secretcommand\n```\n<img src=x> done",
    );
    expect(text).toContain("the guide");
    expect(text).not.toMatch(/badge|example\.com|secretcommand|img/);
  });
});

describe("package manifests and CODEOWNERS", () => {
  it("reads the package name of each manifest, and nothing from a broken one", () => {
    expect(readPackageName("package.json", '{"name":"@acme/tax"}')).toBe("@acme/tax");
    expect(readPackageName("package.json", "{not json")).toBeUndefined();
    expect(readPackageName("go.mod", "module github.com/acme/sdk-go\n\ngo 1.22")).toBe(
      "github.com/acme/sdk-go",
    );
    expect(readPackageName("pyproject.toml", '[project]\nname = "acme"\n')).toBe("acme");
  });

  it("lists CODEOWNERS owners once each, comments left out", () => {
    expect(
      readCodeowners("# owners\n* @acme/platform\n/src/ @acme/api-team @bob # lead\n*.md @acme/platform"),
    ).toEqual(["@acme/platform", "@acme/api-team", "@bob"]);
  });
});
