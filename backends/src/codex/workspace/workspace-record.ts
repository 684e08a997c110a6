import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { z } from "zod";

/** The file in a session's folder (outside the agent's writable roots) that says what Baton made there. */
export const WORKSPACE_RECORD_FILE = "workspace.json";
/** The folder beside it that holds what the agent sees. */
export const WORKSPACE_WORK_DIR = "work";

export const workspaceRecordSchema = z.object({
  version: z.literal(1),
  sessionId: z.string().min(1),
  kind: z.enum(["repositories", "scratch"]),
  branch: z.string().min(1),
  repositories: z.array(
    z.object({ repo: z.string(), dir: z.string(), gitDir: z.string(), baseBranch: z.string() }),
  ),
  /** The process that last used it (`<host> <pid>`): a sweep on this host removes it once that process is gone. */
  owner: z.string(),
  /** When a turn last opened or published it (ms since the epoch). */
  usedAt: z.number(),
});
export type WorkspaceRecord = z.infer<typeof workspaceRecordSchema>;

export const THIS_PROCESS = `${hostname()} ${process.pid}`;

/** The record of a session folder, or null when there is none or it cannot be read (the folder is then remade). */
export async function readWorkspaceRecord(sessionDir: string): Promise<WorkspaceRecord | null> {
  const raw = await readFile(join(sessionDir, WORKSPACE_RECORD_FILE), "utf8").catch(() => null);
  if (raw === null) return null;
  try {
    return workspaceRecordSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Writes the record as used now by this process (through a rename, so a reader never sees half of it). */
export async function writeWorkspaceRecord(
  sessionDir: string,
  record: Omit<WorkspaceRecord, "owner" | "usedAt">,
): Promise<WorkspaceRecord> {
  const full: WorkspaceRecord = { ...record, owner: THIS_PROCESS, usedAt: Date.now() };
  await mkdir(sessionDir, { recursive: true });
  const path = join(sessionDir, WORKSPACE_RECORD_FILE);
  await writeFile(`${path}.tmp`, JSON.stringify(full));
  await rename(`${path}.tmp`, path);
  return full;
}
