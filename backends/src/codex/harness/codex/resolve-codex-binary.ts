import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The platform packages `@openai/codex` ships its native CLI in, by Node's platform and arch. */
const CODEX_TARGETS: Record<string, { triple: string; packageName: string }> = {
  "linux-x64": { triple: "x86_64-unknown-linux-musl", packageName: "@openai/codex-linux-x64" },
  "linux-arm64": { triple: "aarch64-unknown-linux-musl", packageName: "@openai/codex-linux-arm64" },
  "darwin-x64": { triple: "x86_64-apple-darwin", packageName: "@openai/codex-darwin-x64" },
  "darwin-arm64": { triple: "aarch64-apple-darwin", packageName: "@openai/codex-darwin-arm64" },
};

export interface CodexBinary {
  /** The native `codex` executable of the pinned `@openai/codex`. */
  executable: string;
  /** Directories the CLI expects on PATH (its bundled `rg`). */
  pathDirs: string[];
}

export type CodexBinaryResolution =
  | { ok: true; binary: CodexBinary }
  | { ok: false; reason: string; fix: string };

/**
 * Finds the native CLI inside the pinned `@openai/codex` package (through its platform package, as
 * its own launcher does), never a `codex` found on PATH: Baton runs the version it was tested with.
 */
export function resolveCodexBinary(
  platform: string = process.platform,
  arch: string = process.arch,
): CodexBinaryResolution {
  const target = CODEX_TARGETS[`${platform}-${arch}`];
  if (!target) {
    return {
      ok: false,
      reason: `the Codex CLI has no build for ${platform}-${arch}`,
      fix: "Run Baton's codex backend on Linux (x64 or arm64) or macOS.",
    };
  }
  const fix = "Run `npm ci` so that npm installs @openai/codex with its optional platform package.";
  let vendor: string;
  try {
    const require = createRequire(import.meta.url);
    const codexPackage = require.resolve("@openai/codex/package.json");
    const platformPackage = createRequire(codexPackage).resolve(`${target.packageName}/package.json`);
    vendor = join(dirname(platformPackage), "vendor", target.triple);
  } catch {
    return {
      ok: false,
      reason: `${target.packageName} (the Codex CLI for this machine) is not installed`,
      fix,
    };
  }
  const executable = join(vendor, "bin", "codex");
  if (!existsSync(executable)) return { ok: false, reason: `${executable} is missing`, fix };
  const pathDir = join(vendor, "codex-path");
  return { ok: true, binary: { executable, pathDirs: existsSync(pathDir) ? [pathDir] : [] } };
}
