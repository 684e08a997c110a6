import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type { StoredThread } from "./harness-thread-store.js";

// The CLI's layout inside CODEX_HOME; a stored path is checked against it before it is written.
const ROLLOUT_PATH = /^sessions\/\d{4}\/\d{2}\/\d{2}\/rollout-[\w.:-]+\.jsonl$/;

/** Reads a thread's rollout file from CODEX_HOME (newest day first), if the CLI wrote one. */
export async function readRollout(codexHome: string, threadId: string): Promise<StoredThread | undefined> {
  for await (const path of rolloutFilesOf(codexHome, threadId)) {
    return { threadId, rolloutPath: relative(codexHome, path), rollout: await readFile(path, "utf8") };
  }
  return undefined;
}

/** The paths of a thread's rollout files in the CLI's `sessions/YYYY/MM/DD/` layout, newest day first. */
async function* rolloutFilesOf(codexHome: string, threadId: string): AsyncGenerator<string> {
  const sessions = join(codexHome, "sessions");
  const suffix = `-${threadId}.jsonl`;
  for (const year of await listNewestFirst(sessions)) {
    for (const month of await listNewestFirst(join(sessions, year))) {
      for (const day of await listNewestFirst(join(sessions, year, month))) {
        const dir = join(sessions, year, month, day);
        for (const file of await listNewestFirst(dir)) if (file.endsWith(suffix)) yield join(dir, file);
      }
    }
  }
}

/** Puts a stored rollout back where the CLI looks for it, so that `resume <thread id>` finds it. */
export async function restoreRollout(codexHome: string, thread: StoredThread): Promise<void> {
  if (!ROLLOUT_PATH.test(thread.rolloutPath) || !thread.rolloutPath.endsWith(`-${thread.threadId}.jsonl`)) {
    throw new Error(`Refusing to restore a rollout to an unexpected path: ${thread.rolloutPath}`);
  }
  const path = join(codexHome, thread.rolloutPath);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, thread.rollout);
}

async function listNewestFirst(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort().reverse();
  } catch {
    return [];
  }
}
