// A repository of about `files` source files in nested folders, committed once: what a
// medium-sized service looks like to git (a clone, a worktree) without being any real one.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const AUTHOR = ["-c", "user.name=Bench", "-c", "user.email=bench@example.com"];

export function generateRepository(files) {
  const dir = mkdtempSync(join(tmpdir(), "baton-bench-repo-"));
  const git = (...args) => execFileSync("git", [...AUTHOR, ...args], { cwd: dir, stdio: "ignore" });
  git("init", "--quiet", "--initial-branch=main");
  for (let i = 0; i < files; i++) {
    const folder = join(dir, "src", `area${i % 50}`, `part${Math.floor(i / 50) % 10}`);
    mkdirSync(folder, { recursive: true });
    const lines = Array.from({ length: 40 }, (_, line) => `export const value${line} = ${i * 40 + line};`);
    writeFileSync(join(folder, `module${i}.ts`), `${lines.join("\n")}\n`);
  }
  writeFileSync(join(dir, "test.js"), 'console.log("ok");\n');
  git("add", "-A");
  git("commit", "--quiet", "-m", "Generated repository");
  return dir;
}
