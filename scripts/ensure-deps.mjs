#!/usr/bin/env node
// Installs the workspace's npm packages when they are missing or older than the lockfile, so that
// `npm start` and `npm test` work on a fresh clone. Uses only Node built-ins: it runs before them.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const lockfile = `${root}package-lock.json`;
const installedMarker = `${root}node_modules/.package-lock.json`;

const needsInstall =
  !existsSync(installedMarker) || statSync(installedMarker).mtimeMs < statSync(lockfile).mtimeMs;

if (needsInstall) {
  console.log("baton: installing npm packages (npm ci)…");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
}
