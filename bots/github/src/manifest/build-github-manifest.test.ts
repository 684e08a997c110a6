import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildGithubManifest, GITHUB_APP_EVENTS, GITHUB_APP_PERMISSIONS } from "./build-github-manifest.js";

describe("buildGithubManifest", () => {
  it("is what app.yml says, so the committed manifest and the CLI agree", () => {
    const appYml: unknown = parse(readFileSync(new URL("../../app.yml", import.meta.url), "utf8"));
    expect(appYml).toEqual(buildGithubManifest());
  });

  it("points the webhook at the gateway and asks for exactly the permissions and events used", () => {
    const manifest = buildGithubManifest({ baseUrl: "https://baton.acme.dev/", appName: "Acme Baton" });
    expect(manifest.hook_attributes.url).toBe("https://baton.acme.dev/api/github/webhooks");
    expect(manifest.name).toBe("Acme Baton");
    expect(manifest.default_permissions).toEqual({
      contents: "read",
      issues: "write",
      metadata: "read",
      pull_requests: "write",
    });
    expect(manifest.default_events).toEqual([...GITHUB_APP_EVENTS]);
    expect(Object.keys(GITHUB_APP_PERMISSIONS)).not.toContain("administration");
  });
});
