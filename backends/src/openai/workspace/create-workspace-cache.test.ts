import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { catalogSchema, silentLogger } from "@baton/core";
import { createTestGitRepository, type TestGitRepository } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitAuthEnvironment, repositorySource } from "../../workspace/repository-source.js";
import { withFileLock } from "../../workspace/with-file-lock.js";
import { createWorkspaceCache } from "./create-workspace-cache.js";

let cacheDir: string;
let web: TestGitRepository;
let api: TestGitRepository;

beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), "baton-cache-"));
  web = createTestGitRepository({ files: { "README.md": "# web\n" } });
  api = createTestGitRepository({ files: { "server.ts": "listen(3000)\n" } });
});
afterEach(() => {
  rmSync(cacheDir, { recursive: true, force: true });
  web.cleanup();
  api.cleanup();
});

const gitIn = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, ...args], { encoding: "utf8" }).trim();

function cacheFor(depth?: number) {
  const catalog = catalogSchema.parse({
    repositories: [
      { repo: "acme/web", path: web.dir },
      { repo: "acme/api", path: api.dir },
    ],
    environments: [{ id: "shop", name: "Shop", repositories: ["acme/web", "acme/api"] }],
  });
  return createWorkspaceCache({ dir: cacheDir, catalog, logger: silentLogger, ...(depth ? { depth } : {}) });
}

describe("createWorkspaceCache", () => {
  it("checks a repository out shallowly from its catalog path, and fetches it again on reuse", async () => {
    web.commit({ files: { "CHANGELOG.md": "- one\n" } });
    const cache = cacheFor(1);
    const signal = new AbortController().signal;
    const first = await cache.prepare({ kind: "repository", repo: "acme/web" }, signal);
    expect(first.roots).toHaveLength(1);
    const [root] = first.roots;
    expect(readFileSync(join(root!.dir, "README.md"), "utf8")).toBe("# web\n");
    // The checkout stores no URL: nothing to leak, nothing stale.
    expect(gitIn(root!.dir, "config", "--list")).not.toContain(web.dir);
    expect(gitIn(root!.dir, "rev-parse", "--is-shallow-repository")).toBe("true");

    const second = web.commit({ files: { "README.md": "# web, again\n" } });
    const again = await cache.prepare({ kind: "repository", repo: "acme/web" }, signal);
    expect(again.roots[0]?.commit).toBe(second);
    expect(readFileSync(join(again.roots[0]!.dir, "README.md"), "utf8")).toBe("# web, again\n");
    // The turn still running on the first checkout does not see the files change under it.
    expect(again.roots[0]?.dir).not.toBe(root!.dir);
    expect(readFileSync(join(root!.dir, "README.md"), "utf8")).toBe("# web\n");
    expect(gitIn(root!.dir, "rev-parse", "HEAD")).toBe(root!.commit);
    await Promise.all([first.release(), again.release()]);
  });

  it("removes a turn's checkouts when it is released, and keeps the fetched store for the next", async () => {
    const cache = cacheFor();
    const signal = new AbortController().signal;
    const workspace = await cache.prepare({ kind: "environment", id: "shop" }, signal);
    const dirs = workspace.roots.map((root) => root.dir);
    expect(dirs.every((d) => existsSync(d))).toBe(true);
    await workspace.release();
    await workspace.release();
    expect(dirs.some((d) => existsSync(d))).toBe(false);
    const next = await cache.prepare({ kind: "repository", repo: "acme/api" }, signal);
    expect(readFileSync(join(next.roots[0]!.dir, "server.ts"), "utf8")).toBe("listen(3000)\n");
    await next.release();
  });

  it("lets workers that share the directory fetch the same repository at once", async () => {
    // Two caches on one directory stand for two worker processes: only the lock file orders them.
    const caches = [cacheFor(), cacheFor()];
    const signal = new AbortController().signal;
    const workspaces = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        caches[i % 2]!.prepare({ kind: "repository", repo: "acme/web" }, signal),
      ),
    );
    const dirs = new Set(workspaces.map((w) => w.roots[0]!.dir));
    expect(dirs.size).toBe(8);
    for (const w of workspaces)
      expect(readFileSync(join(w.roots[0]!.dir, "README.md"), "utf8")).toBe("# web\n");
    await Promise.all(workspaces.map((w) => w.release()));
    expect(existsSync(`${join(cacheDir, "acme", "web", "default")}.lock`)).toBe(false);
  });

  it("removes the checkouts a dead process left behind, not those of a live one", async () => {
    const turns = join(cacheDir, ".turns");
    const dead = join(turns, `${hostname()}-999999999-abcd1234`, "acme", "web");
    const live = join(turns, `${hostname()}-${process.ppid}-abcd1234`, "acme", "web");
    for (const d of [dead, live]) mkdirSync(d, { recursive: true });
    const workspace = await cacheFor().prepare(
      { kind: "repository", repo: "acme/web" },
      new AbortController().signal,
    );
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    await workspace.release();
  });

  it("takes over a lock left by a process killed while fetching, and waits for a live holder", async () => {
    const lockPath = join(cacheDir, "store.lock");
    const lock = (holder: string) => writeFileSync(lockPath, `${holder}\n`);
    const run = (staleMs: number, signal = new AbortController().signal) =>
      withFileLock(lockPath, { staleMs, signal }, async () => readFileSync(lockPath, "utf8"));
    // Its holder on this machine is gone: taken over at once.
    lock(`${hostname()} 999999999`);
    expect(await run(60_000)).toBe(`${hostname()} ${process.pid}\n`);
    expect(existsSync(lockPath)).toBe(false);
    // Held by another machine's process: taken over only once older than staleMs.
    lock("another-host 12345");
    const old = new Date(Date.now() - 10_000);
    utimesSync(lockPath, old, old);
    expect(await run(5_000)).toBe(`${hostname()} ${process.pid}\n`);
    lock("another-host 12345");
    await expect(run(60_000, AbortSignal.timeout(200))).rejects.toThrow();
    // Held by a live process here: waited for, until the wait is given up.
    lock(`${hostname()} ${process.ppid}`);
    await expect(run(60_000, AbortSignal.timeout(200))).rejects.toThrow();
  });

  it("puts an environment's repositories side by side, and no repository gets none", async () => {
    const cache = cacheFor();
    const signal = new AbortController().signal;
    const shop = await cache.prepare({ kind: "environment", id: "shop" }, signal);
    expect(shop.roots.map((r) => r.repo)).toEqual(["acme/web", "acme/api"]);
    expect(existsSync(join(shop.roots[1]!.dir, "server.ts"))).toBe(true);
    expect((await cache.prepare({ kind: "none" }, signal)).roots).toEqual([]);
    await shop.release();
  });

  it("checks out the branch the target names", async () => {
    web.commit({ files: { "feature.txt": "on main\n" } });
    const cache = cacheFor();
    const signal = new AbortController().signal;
    const main = await cache.prepare({ kind: "repository", repo: "acme/web", branch: "main" }, signal);
    expect(readFileSync(join(main.roots[0]!.dir, "feature.txt"), "utf8")).toBe("on main\n");
  });

  it("fetches from the git host with the token provider's token, in git's environment only", async () => {
    // The git host is a directory of bare repositories; a git wrapper records what git was given.
    const host = join(cacheDir, "host");
    mkdirSync(join(host, "acme"), { recursive: true });
    execFileSync("git", ["clone", "--quiet", "--bare", web.dir, join(host, "acme", "web.git")]);
    const record = join(cacheDir, "git-calls.log");
    const wrapper = join(cacheDir, "recording-git.sh");
    writeFileSync(
      wrapper,
      `#!/bin/sh
echo "ARGS $*" >> ${JSON.stringify(record)}
echo "ENV $GIT_CONFIG_KEY_0 $GIT_CONFIG_VALUE_0" >> ${JSON.stringify(record)}
exec git "$@"
`,
    );
    chmodSync(wrapper, 0o755);
    const asked: string[] = [];
    const cache = createWorkspaceCache({
      dir: join(cacheDir, "checkouts"),
      catalog: catalogSchema.parse({}),
      gitHost: `file://${host}`,
      git: wrapper,
      tokens: {
        async tokenFor(repo) {
          asked.push(repo);
          return "ghs_installation_token";
        },
      },
      logger: silentLogger,
    });
    const workspace = await cache.prepare(
      { kind: "repository", repo: "acme/web" },
      new AbortController().signal,
    );
    expect(readFileSync(join(workspace.roots[0]!.dir, "README.md"), "utf8")).toBe("# web\n");
    expect(asked).toEqual(["acme/web"]);
    const lines = readFileSync(record, "utf8").split("\n");
    const basic = Buffer.from("x-access-token:ghs_installation_token").toString("base64");
    const fetchIndex = lines.findIndex((line) => line.startsWith("ARGS fetch"));
    expect(lines[fetchIndex + 1]).toBe(`ENV http.file://${host}/.extraheader AUTHORIZATION: basic ${basic}`);
    expect(lines.filter((line) => line.startsWith("ARGS")).join("\n")).not.toContain(
      "ghs_installation_token",
    );
    expect(lines.filter((line) => line.startsWith("ARGS")).join("\n")).not.toContain(basic);
    expect(gitIn(workspace.roots[0]!.dir, "config", "--list")).not.toContain(basic);
    // Only the fetch gets the token.
    expect(lines.filter((line) => line.startsWith("ENV http"))).toHaveLength(1);
  });

  it("fails with a reply that names the repository when it cannot be fetched", async () => {
    const catalog = catalogSchema.parse({
      repositories: [{ repo: "acme/gone", path: join(cacheDir, "nothing") }],
    });
    const cache = createWorkspaceCache({ dir: cacheDir, catalog, logger: silentLogger });
    await expect(
      cache.prepare({ kind: "repository", repo: "acme/gone" }, new AbortController().signal),
    ).rejects.toMatchObject({
      code: "backend_failed",
      userMessage: expect.stringContaining("acme/gone"),
    });
  });
});

describe("repositorySource", () => {
  const catalog = catalogSchema.parse({
    repositories: [
      { repo: "acme/local", path: "/srv/git/local" },
      { repo: "acme/mirror", url: "https://git.example.com/acme/mirror.git", defaultBranch: "trunk" },
    ],
  });

  it("reads from a catalog path, a catalog url, or the git host", () => {
    expect(repositorySource("acme/local", catalog)).toEqual({
      url: "file:///srv/git/local",
      onGitHost: false,
    });
    expect(repositorySource("acme/mirror", catalog)).toEqual({
      url: "https://git.example.com/acme/mirror.git",
      onGitHost: false,
      defaultBranch: "trunk",
    });
    expect(repositorySource("acme/other", catalog, "https://ghe.example.com/")).toEqual({
      url: "https://ghe.example.com/acme/other.git",
      onGitHost: true,
    });
  });

  it("passes a token as git configuration for the host only, never in the URL", () => {
    const env = gitAuthEnvironment("https://github.com", "ghs_secret");
    expect(env).toEqual({
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "http.https://github.com/.extraheader",
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from("x-access-token:ghs_secret").toString("base64")}`,
    });
  });
});
