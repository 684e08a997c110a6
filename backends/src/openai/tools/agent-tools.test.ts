import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalogSchema, silentLogger } from "@baton/core";
import { createTestGitRepository, type TestGitRepository } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceCache } from "../workspace/create-workspace-cache.js";
import type { Workspace } from "../workspace/workspace.js";
import type { ToolContext } from "./agent-tool.js";
import { AGENT_TOOLS } from "./agent-tools.js";
import { MAX_LISTED_FILES } from "./list-files-tool.js";
import { MAX_READ_LINES } from "./read-file-tool.js";
import { prepareToolCall, runToolCall } from "./run-tool-call.js";

let web: TestGitRepository;
let api: TestGitRepository;
let cacheDir: string;
let one: Workspace;
let both: Workspace;

beforeAll(async () => {
  web = createTestGitRepository({
    files: {
      "src/cart.ts": "export function addToCart(item: string) {\n  return retryPolicy(item);\n}\n",
      "src/retry.ts": "// Retries three times.\nexport const RETRY_LIMIT = 3;\n",
      "docs/guide.md": "# Guide\n",
      "big.txt": `${Array.from({ length: 1_000 }, (_, i) => `line ${i + 1}`).join("\n")}\n`,
      ...Object.fromEntries(
        Array.from({ length: MAX_LISTED_FILES + 5 }, (_, i) => [`gen/f${i}.json`, "{}\n"]),
      ),
    },
    symlinks: { "leak.txt": "/etc/hostname" },
  });
  web.commit(
    { files: { "src/retry.ts": "// Retries three times.\nexport const RETRY_LIMIT = 4;\n" } },
    "Raise the retry limit",
  );
  api = createTestGitRepository({ files: { "server.ts": "export const RETRY_LIMIT = 9;\n" } });
  cacheDir = mkdtempSync(join(tmpdir(), "baton-tools-"));
  const catalog = catalogSchema.parse({
    repositories: [
      { repo: "acme/web", path: web.dir },
      { repo: "acme/api", path: api.dir },
    ],
    environments: [{ id: "shop", name: "Shop", repositories: ["acme/web", "acme/api"] }],
  });
  const cache = createWorkspaceCache({ dir: cacheDir, catalog, logger: silentLogger });
  const signal = new AbortController().signal;
  one = await cache.prepare({ kind: "repository", repo: "acme/web" }, signal);
  both = await cache.prepare({ kind: "environment", id: "shop" }, signal);
});
afterAll(() => {
  web.cleanup();
  api.cleanup();
  rmSync(cacheDir, { recursive: true, force: true });
});

async function call(
  name: string,
  args: unknown,
  workspace: Workspace = one,
  signal = new AbortController().signal,
) {
  const prepared = prepareToolCall(AGENT_TOOLS, {
    name,
    arguments: typeof args === "string" ? args : JSON.stringify(args),
  });
  if (prepared.kind === "invalid") return prepared.output;
  const context: ToolContext = { workspace, git: "git", signal };
  return runToolCall(prepared, context);
}

describe("list_files", () => {
  it("lists tracked files matching a glob", async () => {
    expect(await call("list_files", { pattern: "src/**/*.ts" })).toBe("src/cart.ts\nsrc/retry.ts");
    expect(await call("list_files", { pattern: "**/*.md" })).toBe("docs/guide.md");
    expect(await call("list_files", { pattern: "nothing/**" })).toBe("No files match nothing/**.");
  });

  it("caps the listing and says how many more there are", async () => {
    const output = await call("list_files", { pattern: "gen/*" });
    expect(output.split("\n").filter((l) => l.startsWith("gen/"))).toHaveLength(MAX_LISTED_FILES);
    expect(output).toContain("[5 more files");
  });

  it("lists every repository of an environment under its name", async () => {
    const output = await call("list_files", { pattern: "*.ts" }, both);
    expect(output).toContain("## acme/web\nNo files match");
    expect(output).toContain("## acme/api\nserver.ts");
  });
});

describe("read_file", () => {
  it("reads numbered lines of a range", async () => {
    expect(await call("read_file", { path: "src/retry.ts" })).toBe(
      "src/retry.ts (lines 1-3 of 3)\n1  // Retries three times.\n2  export const RETRY_LIMIT = 4;\n3  ",
    );
    const range = await call("read_file", { path: "big.txt", startLine: 10, endLine: 12 });
    expect(range).toBe(
      "big.txt (lines 10-12 of 1001)\n10  line 10\n11  line 11\n12  line 12\n[lines 13-1001 not shown]",
    );
  });

  it("reads at most its line cap in one call", async () => {
    const output = await call("read_file", { path: "big.txt" });
    expect(output).toContain(`(lines 1-${MAX_READ_LINES} of 1001)`);
    expect(output).toContain(`[lines ${MAX_READ_LINES + 1}-1001 not shown]`);
  });

  it("refuses paths and links that leave the repository", async () => {
    expect(await call("read_file", { path: "../../../../etc/hostname" })).toMatch(
      /^Refused: .*outside the repository/,
    );
    expect(await call("read_file", { path: "/etc/hostname" })).toMatch(/^Refused: .*absolute/);
    expect(await call("read_file", { path: "leak.txt" })).toMatch(/^Refused: .*symbolic link/);
    expect(await call("read_file", { path: ".git/config" })).toMatch(/^Refused/);
  });

  it("asks which repository when several are checked out", async () => {
    expect(await call("read_file", { path: "server.ts" }, both)).toMatch(/^Refused: Several repositories/);
    expect(await call("read_file", { path: "server.ts", repository: "acme/api" }, both)).toContain(
      "RETRY_LIMIT = 9",
    );
  });
});

describe("search", () => {
  it("finds a regular expression with path:line:text", async () => {
    expect(await call("search", { pattern: "RETRY_LIMIT = [0-9]+" })).toBe(
      "src/retry.ts:2:export const RETRY_LIMIT = 4;",
    );
    expect(await call("search", { pattern: "retries", ignoreCase: true, pathGlob: "src/**" })).toBe(
      "src/retry.ts:1:// Retries three times.",
    );
    expect(await call("search", { pattern: "nowhere-to-be-found" })).toBe(
      "No match for nowhere-to-be-found.",
    );
  });

  it("takes a pattern that looks like an option as a pattern", async () => {
    expect(await call("search", { pattern: "--help" })).toBe("No match for --help.");
  });
});

describe("git_log and git_blame", () => {
  it("lists the commits that touched a path", async () => {
    const log = await call("git_log", { path: "src/retry.ts" });
    expect(log.split("\n")).toHaveLength(2);
    expect(log).toMatch(/^[0-9a-f]+ \d{4}-\d\d-\d\d Ada Lovelace: Raise the retry limit\n/);
  });

  it("blames a range of lines", async () => {
    const blame = await call("git_blame", { path: "src/retry.ts", startLine: 2, endLine: 2 });
    expect(blame).toMatch(/Ada Lovelace .*RETRY_LIMIT = 4;$/);
    expect(blame.split("\n")).toHaveLength(1);
  });

  it("refuses paths outside the repository", async () => {
    expect(await call("git_log", { path: "../.." })).toMatch(/^Refused/);
    expect(await call("git_blame", { path: "/etc/passwd" })).toMatch(/^Refused/);
  });
});

describe("calls the model gets wrong", () => {
  it("answers an unknown tool, bad JSON or bad input with what is wrong", async () => {
    expect(await call("rm_rf", {})).toMatch(/^There is no tool rm_rf; use list_files, read_file/);
    expect(await call("read_file", "{nope")).toBe("The arguments of read_file are not valid JSON.");
    expect(await call("read_file", { startLine: 0 })).toMatch(/^Invalid arguments for read_file: path/);
  });

  it("a stop ends a running tool by throwing", async () => {
    const controller = new AbortController();
    controller.abort("stopped");
    await expect(call("search", { pattern: "x" }, one, controller.signal)).rejects.toThrow();
  });
});
