import { createTestGitRepository, type TestGitRepository } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runGit } from "./run-git.js";

let repo: TestGitRepository;
beforeAll(() => {
  repo = createTestGitRepository({ files: { "a.txt": `${"word ".repeat(2_000)}\n` } });
});
afterAll(() => repo.cleanup());

describe("runGit", () => {
  it("returns git's exit code and output", async () => {
    const signal = new AbortController().signal;
    const found = await runGit({
      git: "git",
      args: ["grep", "-c", "word"],
      cwd: repo.dir,
      signal,
      timeoutMs: 10_000,
    });
    expect(found).toMatchObject({ exitCode: 0, stdout: "a.txt:1\n", truncated: false });
    const missing = await runGit({
      git: "git",
      args: ["grep", "absent"],
      cwd: repo.dir,
      signal,
      timeoutMs: 10_000,
    });
    expect(missing.exitCode).toBe(1);
  });

  it("hands git none of the worker's secrets", async () => {
    process.env.OPENAI_API_KEY = "sk-must-not-leak";
    try {
      const signal = new AbortController().signal;
      const result = await runGit({
        git: "sh",
        args: ["-c", "env"],
        cwd: repo.dir,
        env: { GIT_CONFIG_COUNT: "0" },
        signal,
        timeoutMs: 10_000,
      });
      expect(result.stdout).not.toContain("sk-must-not-leak");
      expect(result.stdout).toContain("GIT_TERMINAL_PROMPT=0");
      expect(result.stdout).toContain("GIT_CONFIG_COUNT=0");
      expect(result.stdout).toMatch(/^PATH=/m);
    } finally {
      delete process.env.OPENAI_API_KEY;
    }
  });

  it("cuts the output at its bound", async () => {
    const signal = new AbortController().signal;
    const result = await runGit({
      git: "git",
      args: ["show", "HEAD:a.txt"],
      cwd: repo.dir,
      signal,
      timeoutMs: 10_000,
      maxOutputBytes: 100,
    });
    expect(result.truncated).toBe(true);
    expect(result.stdout).toHaveLength(100);
  });

  it("refuses to start once the turn is stopped", async () => {
    const controller = new AbortController();
    controller.abort("stopped");
    await expect(
      runGit({ git: "git", args: ["status"], cwd: repo.dir, signal: controller.signal, timeoutMs: 10_000 }),
    ).rejects.toThrow();
  });
});
