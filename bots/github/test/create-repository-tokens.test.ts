import { silentLogger } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRepositoryTokens } from "../src/octokit/create-repository-tokens.js";
import { octokitsForFakeGithub } from "./octokits-for-fake-github.js";

const INSTALLATION_ROUTE = "GET /repos/{owner}/{repo}/installation";
const TOKEN_ROUTE = "POST /app/installations/{installation_id}/access_tokens";

describe("GitHub repository tokens", () => {
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub();
  });
  afterAll(() => github.close());
  beforeEach(() => github.reset());

  async function tokens() {
    const octokits = await octokitsForFakeGithub(github);
    return createRepositoryTokens({ octokits, logger: silentLogger });
  }

  it("answers the installation token of the App's installation on the repository", async () => {
    github.install("acme/api", 77);
    const provider = await tokens();
    const token = await provider.tokenFor("acme/api", new AbortController().signal);
    expect(token).toMatch(/^ghs_fake77x/);
    // The lookup went out as the App (the fake checks the JWT), the token was issued for installation 77.
    expect(github.callsTo(INSTALLATION_ROUTE).map((call) => call.status)).toEqual([200]);
    expect(github.callsTo(TOKEN_ROUTE).map((call) => call.params.installation_id)).toEqual(["77"]);
    // The token may read the repository: the fake accepts it on an installation route.
    github.setFile("acme/api", "README.md", "hello");
    const readme = await fetch(`${github.url}/repos/acme/api/contents/README.md`, {
      headers: { authorization: `token ${token}`, accept: "application/vnd.github.raw" },
    });
    expect(await readme.text()).toBe("hello");
  });

  it("remembers the installation and reuses Probot's cached token", async () => {
    github.install("acme/api", 78);
    const provider = await tokens();
    const first = await provider.tokenFor("acme/api", new AbortController().signal);
    const second = await provider.tokenFor("acme/api", new AbortController().signal);
    expect(second).toBe(first);
    expect(github.callsTo(INSTALLATION_ROUTE)).toHaveLength(1);
    expect(github.callsTo(TOKEN_ROUTE)).toHaveLength(1);
  });

  it("answers undefined for a repository the App is not installed on", async () => {
    github.install("acme/api", 79);
    const provider = await tokens();
    await expect(provider.tokenFor("acme/elsewhere", new AbortController().signal)).resolves.toBeUndefined();
    expect(github.callsTo(INSTALLATION_ROUTE).map((call) => call.status)).toEqual([404]);
    expect(github.callsTo(TOKEN_ROUTE)).toHaveLength(0);
  });

  it("stops before asking GitHub when the turn is already aborted", async () => {
    github.install("acme/api", 80);
    const provider = await tokens();
    const controller = new AbortController();
    controller.abort(new Error("turn stopped"));
    await expect(provider.tokenFor("acme/api", controller.signal)).rejects.toThrow("turn stopped");
    expect(github.callsTo(INSTALLATION_ROUTE)).toHaveLength(0);
  });
});
