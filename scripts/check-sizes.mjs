#!/usr/bin/env node
// Lists the source files over 300 lines and the functions over 80 lines of their own (the lines of
// the functions inside them apart), outside tests and benchmarks: the size limits of the brief.
// Exits 1 when something is over, so that it can gate a merge.
//   node scripts/check-sizes.mjs                    — every package's src/
//   node scripts/check-sizes.mjs core/src server/src — only these folders (or files)
// Unlike the other scripts it needs TypeScript (a devDependency), to find functions as the
// compiler does: run it after npm install.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 80;

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_ROOTS = ["core/src", "queue/src", "bots", "backends/src", "server/src", "testkit/src"];
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "test", "fixtures", ".turbo"]);
const isSource = (name) => /\.(?:ts|mts|tsx)$/.test(name) && !/\.(?:test|d)\.m?tsx?$/.test(name);

function sourceFiles(path) {
  if (statSync(path).isFile()) return isSource(path) ? [path] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(child);
    return isSource(entry.name) ? [child] : [];
  });
}

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  return "(anonymous)";
}

/** Every function of a file with its lines of its own: its span less its direct inner functions' spans. */
function measureFunctions(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line;
  const span = (node) => lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
  const measured = [];
  function innerFunctions(node) {
    const found = [];
    node.forEachChild(function visit(child) {
      if (isFunctionLike(child)) found.push(child);
      else child.forEachChild(visit);
    });
    return found;
  }
  function visit(node) {
    if (isFunctionLike(node)) {
      const inner = innerFunctions(node);
      const own = span(node) - inner.reduce((sum, child) => sum + span(child), 0);
      measured.push({ name: nameOf(node), line: lineOf(node.getStart(source)) + 1, own });
      for (const child of inner) visit(child);
      return;
    }
    node.forEachChild(visit);
  }
  visit(source);
  return measured;
}

const targets = process.argv.slice(2);
const files = (targets.length ? targets : SOURCE_ROOTS)
  .map((path) => join(root, path))
  .flatMap((path) => sourceFiles(path))
  .sort();
const longFiles = [];
const longFunctions = [];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const path = relative(root, file);
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES) longFiles.push({ path, lines });
  for (const fn of measureFunctions(file, text)) {
    if (fn.own > MAX_FUNCTION_LINES) longFunctions.push({ path, ...fn });
  }
}

console.log(`${files.length} source files read (tests and benchmarks left out)`);
console.log(`files over ${MAX_FILE_LINES} lines: ${longFiles.length}`);
for (const { path, lines } of longFiles) console.log(`  ${path}: ${lines} lines`);
console.log(`functions over ${MAX_FUNCTION_LINES} lines of their own: ${longFunctions.length}`);
for (const { path, line, name, own } of longFunctions) console.log(`  ${path}:${line} ${name}: ${own} lines`);
if (longFiles.length || longFunctions.length) process.exitCode = 1;
