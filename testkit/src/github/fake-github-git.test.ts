import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestGitRepository, type TestGitRepository } from "../git/create-test-git-repository.js";
import type { FakeGithub } from "./fake-github.js";
import { startFakeGithub } from "./start-fake-github.js";

const IDENTITY = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"];

describe("fake GitHub: git over smart HTTP and pull requests", () => {
  let github: FakeGithub;
  let source: TestGitRepository;
  const dirs: string[] = [];
  beforeAll(async () => {
    github = await startFakeGithub();
    source = createTestGitRepository({ files: { "README.md": "# api\n" } });
  });
  afterEach(() => {
    github.reset();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    source.cleanup();
    await github.close();
  });

  /** git with the token as git's own header configuration, the way Baton sends it. */
  function git(cwd: string, token: string | undefined, ...args: string[]) {
    const header = token
      ? `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`
      : "";
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: cwd,
      GIT_TERMINAL_PROMPT: "0",
      ...(token
        ? {
            GIT_CONFIG_COUNT: "1",
            GIT_CONFIG_KEY_0: `http.${github.url}/.extraheader`,
            GIT_CONFIG_VALUE_0: header,
          }
        : {}),
    };
    // Asynchronous: the fake answers from this same process.
    return new Promise<{ status: number; stderr: string }>((resolve) => {
      execFile("git", [...IDENTITY, ...args], { cwd, env, encoding: "utf8" }, (error, _stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) || 1 : 0, stderr }),
      );
    });
  }

  async function cloneOf(repo: string, token: string) {
    const dir = mkdtempSync(join(tmpdir(), "baton-fake-git-clone-"));
    dirs.push(dir);
    const cloned = await git(dir, token, "clone", "--quiet", `${github.url}/${repo}.git`, "work");
    expect(cloned.stderr).toBe("");
    expect(cloned.status).toBe(0);
    return join(dir, "work");
  }

  function commitFile(dir: string, name: string) {
    writeFileSync(join(dir, name), `${name}\n`);
    execFileSync("git", [...IDENTITY, "add", name], { cwd: dir });
    execFileSync("git", [...IDENTITY, "commit", "--quiet", "-m", `add ${name}`], { cwd: dir });
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
  }

  it("serves clone and push to a holder of an installation token, and refuses anyone else", async () => {
    github.git.host("acme/api", { from: source.dir });
    github.install("acme/api", 7);
    const token = github.issueInstallationToken(7);
    const work = await cloneOf("acme/api", token);
    const commit = commitFile(work, "fix.txt");
    expect((await git(work, token, "push", "--quiet", "origin", "HEAD:refs/heads/baton/fix")).status).toBe(0);
    expect(github.git.branchHead("acme/api", "baton/fix")).toBe(commit);

    const anonymous = mkdtempSync(join(tmpdir(), "baton-fake-git-anon-"));
    dirs.push(anonymous);
    const refused = await git(anonymous, undefined, "clone", "--quiet", `${github.url}/acme/api.git`, "work");
    expect(refused.status).not.toBe(0);
    const otherInstallation = await git(
      anonymous,
      github.issueInstallationToken(8),
      "clone",
      "--quiet",
      `${github.url}/acme/api.git`,
      "w2",
    );
    expect(otherInstallation.status).not.toBe(0);
    expect((await git(work, "ghs_made_up", "push", "origin", "HEAD:refs/heads/other")).status).not.toBe(0);
    expect(github.git.branchHead("acme/api", "other")).toBeUndefined();
    expect(github.gitRequests.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(3);
  });

  it("refuses pushes to a protected branch as GitHub does (GH006)", async () => {
    github.git.host("acme/api", { from: source.dir });
    const token = github.issueInstallationToken(7);
    const work = await cloneOf("acme/api", token);
    const before = github.git.branchHead("acme/api", "main");
    github.git.protectBranch("acme/api", "main");
    commitFile(work, "direct.txt");
    const pushed = await git(work, token, "push", "origin", "HEAD:refs/heads/main");
    expect(pushed.status).not.toBe(0);
    expect(pushed.stderr).toContain("GH006: Protected branch update failed");
    expect(github.git.branchHead("acme/api", "main")).toBe(before);
    expect((await git(work, token, "push", "--quiet", "origin", "HEAD:refs/heads/feature")).status).toBe(0);
  });

  it("opens a draft pull request only for a head branch that exists, finds it by head, and updates it", async () => {
    github.git.host("acme/api", { from: source.dir });
    const token = github.issueInstallationToken(7);
    const call = async (method: string, path: string, body?: object) => {
      const response = await fetch(`${github.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const missing = await call("POST", "/repos/acme/api/pulls", {
      title: "Fix",
      head: "baton/nope",
      base: "main",
      draft: true,
    });
    expect(missing.status).toBe(422);

    const work = await cloneOf("acme/api", token);
    commitFile(work, "fix.txt");
    await git(work, token, "push", "--quiet", "origin", "HEAD:refs/heads/baton/fix");
    const opened = await call("POST", "/repos/acme/api/pulls", {
      title: "Fix",
      head: "baton/fix",
      base: "main",
      body: "first",
      draft: true,
    });
    expect(opened).toMatchObject({
      status: 201,
      body: { number: 1, draft: true, head: { ref: "baton/fix" }, base: { ref: "main" }, body: "first" },
    });
    const again = await call("POST", "/repos/acme/api/pulls", {
      title: "Fix",
      head: "baton/fix",
      base: "main",
    });
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain("already exists");

    const listed = await fetch(`${github.url}/repos/acme/api/pulls?head=acme:baton/fix&state=open`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await listed.json()) as Array<{ number: number }>).map((pull) => pull.number)).toEqual([1]);
    const updated = await call("PATCH", "/repos/acme/api/pulls/1", { body: "second" });
    expect(updated).toMatchObject({ status: 200, body: { body: "second", title: "Fix" } });
    expect(github.pullRequestsOf("acme/api")).toMatchObject([
      { number: 1, body: "second", pull: { draft: true } },
    ]);
  });
});
