#!/usr/bin/env node
// `baton` (npm links it as `npx baton`): runs the compiled CLI in server/dist, building it first
// when it is missing or older than the sources of @baton/server or any @baton package it uses, so
// that every command works right after `npm install` on a fresh clone. Build output goes to stderr:
// stdout stays the command's own (`npx baton slack manifest > manifest.yaml`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const rootDir = join(serverDir, "..");
const cliFile = join(serverDir, "dist", "cli.js");

/** Workspace package name → its folder, from the root package.json's workspaces (`dir` or `dir/*`). */
function findWorkspaces() {
  const { workspaces = [] } = readJson(join(rootDir, "package.json"));
  const dirs = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith("/*")) return [join(rootDir, pattern)];
    const parent = join(rootDir, pattern.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(parent, entry.name));
  });
  const byName = new Map();
  for (const dir of dirs) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) byName.set(readJson(manifest).name, dir);
  }
  return byName;
}

/** @baton/server and every workspace package it depends on, directly or not. */
function packagesToBuild(workspaces) {
  const seen = new Set();
  const visit = (name) => {
    const dir = workspaces.get(name);
    if (dir === undefined || seen.has(dir)) return;
    seen.add(dir);
    for (const dependency of Object.keys(readJson(join(dir, "package.json")).dependencies ?? {})) {
      visit(dependency);
    }
  };
  visit("@baton/server");
  return [...seen];
}

function newestSourceMs(dir) {
  let newest = 0;
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  if (existsSync(join(dir, "src"))) walk(join(dir, "src"));
  for (const file of ["package.json", "tsconfig.json"]) {
    if (existsSync(join(dir, file))) newest = Math.max(newest, statSync(join(dir, file)).mtimeMs);
  }
  return newest;
}

/** tsc rewrites every output on each build, so dist/index.js carries the time of the last build. */
function isStale(dir) {
  const built = join(dir, "dist", "index.js");
  return !existsSync(built) || statSync(built).mtimeMs < newestSourceMs(dir);
}

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

function build() {
  const turbo = join(rootDir, "node_modules", "turbo", "bin", "turbo");
  if (!existsSync(turbo)) {
    if (existsSync(cliFile)) return; // an install without dev tools: run the build that is there
    console.error(
      "baton: the CLI is not built and turbo is missing; run `npm install` in the repository first.",
    );
    process.exit(1);
  }
  console.error("baton: building (the compiled CLI is missing or older than its sources)…");
  const result = spawnSync(
    process.execPath,
    [turbo, "run", "build", "--filter=@baton/server...", "--output-logs=errors-only"],
    { cwd: rootDir, stdio: ["ignore", 2, 2], env: { TURBO_TELEMETRY_DISABLED: "1", ...process.env } },
  );
  if (result.status !== 0) {
    console.error("baton: the build failed (see above); fix it, or run `npm run build` to see it again.");
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(cliFile) || packagesToBuild(findWorkspaces()).some(isStale)) build();
await import(pathToFileURL(cliFile).href);
