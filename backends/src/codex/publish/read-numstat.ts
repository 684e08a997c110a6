import type { ChangedFile } from "../codex-backend-ports.js";

/**
 * Parses `git diff --numstat -z --no-renames`: `<added>\t<removed>\t<path>\0` per file, with `-`
 * for both counts of a binary file (counted as 0 lines).
 */
export function readNumstat(output: string, pathPrefix = ""): ChangedFile[] {
  const files: ChangedFile[] = [];
  for (const record of output.split("\0")) {
    const match = /^(-|\d+)\t(-|\d+)\t([\s\S]+)$/.exec(record.replace(/^\n/, ""));
    if (!match) continue;
    const [, added = "-", removed = "-", path = ""] = match;
    files.push({
      path: `${pathPrefix}${path}`,
      added: added === "-" ? 0 : Number(added),
      removed: removed === "-" ? 0 : Number(removed),
    });
  }
  return files;
}
