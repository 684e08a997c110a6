import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configSchema } from "../src/config/load-config.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The pages a reader of the repository gets: the README and every page under docs/. */
const PAGES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
/** Where every variable is described. */
const CONFIGURATION_PAGE = "docs/configuration.md";
/**
 * The code whose environment reads a person may set: the server (its config schema and the CLI's
 * own reads), its bin script, the npm scripts' helpers and the benchmarks. Tests and testkit read
 * variables of their own harness; they are not part of running Baton.
 */
const ENV_READING_DIRS = ["server/src", "server/bin", "scripts", "bench"];
/** Read by code but set by Baton itself for its own child processes, never by a person. */
const INTERNAL_VARIABLES: Record<string, string> = {
  PREFIX: "bench/ingest.mjs → bench/baseline-server.mjs",
  SIGNING_SECRET: "bench/ingest.mjs → bench/baseline-server.mjs",
  PATH: "bench/chaos → the Baton processes it starts (where to find node and redis-server)",
};

interface Link {
  page: string;
  target: string;
}

/** Markdown links and images outside code, as `[text](target)`. */
function linksOf(page: string): Link[] {
  const text = withoutCode(readFileSync(join(ROOT, page), "utf8"));
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({
    page,
    target: m[1] as string,
  }));
}

function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(page: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutCodeBlocks(readFileSync(page, "utf8")).matchAll(
    /^#{1,6}\s+(.+?)\s*#*$/gm,
  )) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[`*_]/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, "");
}

function filesUnder(dir: string): string[] {
  const absolute = join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "dist" ? [] : filesUnder(path);
    return /\.(ts|mjs|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `process.env.X`, `env.X`, `env["X"]` and `const { X, Y } = process.env`. */
function variablesReadBy(file: string): string[] {
  const code = readFileSync(join(ROOT, file), "utf8");
  const direct = [...code.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[["']([A-Z][A-Z0-9_]+)["']\])/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
  const destructured = [...code.matchAll(/\{([^}]+)\}\s*=\s*process\.env/g)].flatMap((m) =>
    (m[1] as string).split(",").map((part) => part.split(/[:=]/)[0]?.trim() ?? ""),
  );
  return [...direct, ...destructured].filter((name) => /^[A-Z][A-Z0-9_]+$/.test(name));
}

describe("the docs", () => {
  const links = PAGES.flatMap(linksOf);

  it("find links to check", () => {
    expect(PAGES).toContain("docs/architecture.md");
    expect(links.length).toBeGreaterThan(10);
  });

  it("link, relatively, only to files in the repository and to headings that exist", () => {
    const broken: string[] = [];
    for (const { page, target } of links) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
      const [path = "", anchor] = target.split("#", 2);
      const file =
        path === "" ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), decodeURIComponent(path));
      if (relative(ROOT, file).startsWith("..") || !existsSync(file)) {
        broken.push(`${page}: ${target} (no such file in the repository)`);
        continue;
      }
      if (anchor && statSync(file).isFile() && file.endsWith(".md") && !anchorsOf(file).has(anchor))
        broken.push(`${page}: ${target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it("link outside the repository only to public https sites", () => {
    const external = links.filter(({ target }) => /^[a-z][a-z+.-]*:/i.test(target));
    const bad = external.filter(
      ({ target }) =>
        !/^https:\/\//.test(target) || /^https:\/\/(localhost|127\.|\[::1\]|your-host)/.test(target),
    );
    expect(bad).toEqual([]);
  });

  it("never send the reader to files outside the repository", () => {
    for (const page of PAGES) {
      const text = readFileSync(join(ROOT, page), "utf8");
      expect(text, page).not.toMatch(/\.\.\/shared|DESIGN\.md/);
    }
  });

  it("describe every environment variable Baton reads", () => {
    const read = new Set([
      ...Object.keys(configSchema.shape),
      ...ENV_READING_DIRS.flatMap(filesUnder).flatMap(variablesReadBy),
    ]);
    expect(read).toContain("REDIS_URL");
    expect(read).toContain("BATON_CHROMIUM_PATH");
    const documented = readFileSync(join(ROOT, CONFIGURATION_PAGE), "utf8");
    const missing = [...read].filter(
      (name) => !(name in INTERNAL_VARIABLES) && !documented.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });
});
