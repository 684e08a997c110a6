import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pickWorkspaceRoot, resolveWorkspacePath } from "./resolve-workspace-path.js";
import type { WorkspaceRoot } from "./workspace.js";

let base: string;
let root: WorkspaceRoot;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "baton-paths-")));
  const dir = join(base, "repo");
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, ".git"));
  writeFileSync(join(dir, "src", "app.ts"), "export {};\n");
  writeFileSync(join(dir, ".git", "config"), "[core]\n");
  writeFileSync(join(base, "secret.txt"), "outside\n");
  symlinkSync(join(base, "secret.txt"), join(dir, "leak.txt"));
  symlinkSync(base, join(dir, "up"));
  symlinkSync("src/app.ts", join(dir, "inside-link.ts"));
  root = { repo: "acme/web", dir, commit: "0".repeat(40) };
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("resolveWorkspacePath", () => {
  it("resolves a path inside the repository", async () => {
    expect(await resolveWorkspacePath(root, "src/app.ts")).toEqual({
      kind: "ok",
      root,
      path: "src/app.ts",
      absolute: join(root.dir, "src", "app.ts"),
    });
    expect(await resolveWorkspacePath(root, "./src/../src/app.ts")).toMatchObject({
      kind: "ok",
      path: "src/app.ts",
    });
    expect(await resolveWorkspacePath(root, "inside-link.ts")).toMatchObject({
      kind: "ok",
      path: "inside-link.ts",
    });
  });

  it("refuses absolute paths and .. out of the repository", async () => {
    expect(await resolveWorkspacePath(root, "/etc/passwd")).toMatchObject({ kind: "refused" });
    expect(await resolveWorkspacePath(root, "../secret.txt")).toMatchObject({ kind: "refused" });
    expect(await resolveWorkspacePath(root, "src/../../secret.txt")).toMatchObject({ kind: "refused" });
    expect(await resolveWorkspacePath(root, "..\\secret.txt")).toMatchObject({ kind: "refused" });
  });

  it("refuses symbolic links that lead out of the repository", async () => {
    expect(await resolveWorkspacePath(root, "leak.txt")).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("symbolic link"),
    });
    expect(await resolveWorkspacePath(root, "up/secret.txt")).toMatchObject({ kind: "refused" });
  });

  it("refuses git's own files", async () => {
    expect(await resolveWorkspacePath(root, ".git/config")).toMatchObject({ kind: "refused" });
  });

  it("says when a path does not exist", async () => {
    expect(await resolveWorkspacePath(root, "src/nope.ts")).toEqual({
      kind: "missing",
      root,
      path: "src/nope.ts",
    });
  });
});

describe("pickWorkspaceRoot", () => {
  const other: WorkspaceRoot = { repo: "acme/api", dir: "/x", commit: "1".repeat(40) };

  it("takes the only repository, or the named one", () => {
    expect(pickWorkspaceRoot({ roots: [root] }, undefined)).toEqual({ kind: "ok", root });
    expect(pickWorkspaceRoot({ roots: [root, other] }, "ACME/api")).toEqual({ kind: "ok", root: other });
  });

  it("refuses when there is none, several and no name, or an unknown name", () => {
    expect(pickWorkspaceRoot({ roots: [] }, undefined)).toMatchObject({ kind: "refused" });
    expect(pickWorkspaceRoot({ roots: [root, other] }, undefined)).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("acme/web, acme/api"),
    });
    expect(pickWorkspaceRoot({ roots: [root] }, "acme/zzz")).toMatchObject({ kind: "refused" });
  });
});
