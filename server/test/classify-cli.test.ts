import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "server/src/cli.ts");

describe("the real `baton classify` process", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "baton-classify-cli-"));
    await writeFile(
      join(dir, "baton.config.yaml"),
      "repositories:\n  - repo: acme/web\n  - repo: acme/infra\nrouting:\n  - keywords: [terraform]\n    target: acme/infra\n",
    );
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("prints the Decision as JSON and exits 0", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        "--conditions=@baton/source",
        "--import",
        "tsx",
        CLI,
        "classify",
        "--config",
        join(dir, "baton.config.yaml"),
        "add a terraform output",
      ],
      // Without an LLM configured the path is deterministic; the CLI must not need Redis or secrets.
      { cwd: ROOT, env: { PATH: process.env.PATH, LOG_LEVEL: "warn" } },
    );
    expect(JSON.parse(stdout)).toEqual({
      kind: "chosen",
      target: { kind: "repository", repo: "acme/infra" },
      via: "rule",
      confidence: "high",
      reason: 'The routing rule for "terraform" sends it to acme/infra.',
    });
  });

  it("exits 2 with the usage on bad arguments", async () => {
    const failure = await run(
      process.execPath,
      ["--conditions=@baton/source", "--import", "tsx", CLI, "classify"],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH },
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain("Usage: baton classify");
  });
});
