import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every package a workspace imports is declared in that workspace's package.json, so that it
// installs and builds on its own and npm links what it needs. The root's devDependencies (the
// test and build tools: vitest, typescript, tsx…) are shared by every workspace.
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SOURCE_FILE = /\.(?:ts|mts|mjs|js)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", ".turbo", "fixtures"]);
// `from "x"`, `import "x"`, `export … from "x"` on lines that start like an import or export, and
// `import("x")`, read with comments removed (they may hold lookalikes).
const IMPORT_SPECIFIER = /^\s*(?:import|export)\b[^;]*?(?:from\s*|import\s*\(?\s*)["']([^"'./][^"']*)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g;
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;
// A `//` after a colon or quote is part of a URL or a string, not a comment.
const LINE_COMMENT = /(^|[^:"'`])\/\/.*$/gm;

interface PackageJson {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
}

function workspaceDirs(): string[] {
  return (readPackage(ROOT).workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith("/*")) return [join(ROOT, pattern)];
    const parent = join(ROOT, pattern.slice(0, -2));
    return readdirSync(parent)
      .map((name) => join(parent, name))
      .filter((dir) => statSync(dir).isDirectory());
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

function isBuiltin(name: string): boolean {
  return name.startsWith("node:") || builtinModules.includes(name);
}

/** The packages a file imports, from its import and export statements and dynamic imports. */
export function importedPackages(source: string): string[] {
  const found = new Set<string>();
  const code = source.replace(BLOCK_COMMENT, "").replace(LINE_COMMENT, "$1");
  for (const pattern of [IMPORT_SPECIFIER, DYNAMIC_IMPORT]) {
    for (const match of code.matchAll(pattern)) {
      const name = packageName(match[1]!);
      if (!isBuiltin(name)) found.add(name);
    }
  }
  return [...found];
}

describe("dependencies as declared", () => {
  it("reads the packages out of import statements", () => {
    expect(
      importedPackages(
        [
          'import { x } from "@baton/core";',
          'import type { Y } from "@slack/web-api";',
          'import "./local.js";',
          'import { readFile } from "node:fs/promises";',
          'export { z } from "zod";',
          'const m = await import("playwright-core");',
          'import { createTestRedis } from "@baton/testkit/vitest";',
          "import {\n  a,\n  b,\n} from 'yaml';",
          'import { join } from "path";',
        ].join("\n"),
      ).sort(),
    ).toEqual(["@baton/core", "@baton/testkit", "@slack/web-api", "playwright-core", "yaml", "zod"]);
  });

  it("every workspace lists each package it imports", () => {
    const shared = Object.keys(readPackage(ROOT).devDependencies ?? {});
    const undeclared: string[] = [];
    for (const dir of workspaceDirs()) {
      const manifest = readPackage(dir);
      const declared = new Set([
        manifest.name,
        ...shared,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.devDependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
        ...Object.keys(manifest.optionalDependencies ?? {}),
      ]);
      for (const file of sourceFiles(dir)) {
        for (const name of importedPackages(readFileSync(file, "utf8"))) {
          if (!declared.has(name))
            undeclared.push(
              `${relative(ROOT, file)} imports ${name}, not in ${manifest.name}'s package.json`,
            );
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});
