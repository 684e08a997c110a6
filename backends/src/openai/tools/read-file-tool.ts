import { open, stat } from "node:fs/promises";
import { z } from "zod";
import { pickWorkspaceRoot, resolveWorkspacePath } from "../workspace/resolve-workspace-path.js";
import { type AgentTool, REPOSITORY_PARAMETER } from "./agent-tool.js";
import { boundOutput } from "./bound-output.js";

/** Lines one call may return. */
export const MAX_READ_LINES = 400;
/** Files larger than this are not read (generated bundles, data): search them instead. */
export const MAX_READ_FILE_BYTES = 2 * 1024 * 1024;

const inputSchema = z.object({
  path: z.string().min(1).max(1_000),
  startLine: z.number().int().min(1).default(1),
  endLine: z.number().int().min(1).optional(),
  repository: z.string().optional(),
});
type ReadFileInput = z.infer<typeof inputSchema>;

/** Reads a range of a file's lines, numbered, confined to its repository (paths and symlinks). */
export const readFileTool: AgentTool<ReadFileInput> = {
  name: "read_file",
  description: `Read a file of the repository, with line numbers. At most ${MAX_READ_LINES} lines a call: use startLine and endLine for more.`,
  parameters: {
    type: "object",
    properties: {
      path: { type: "string", description: "path relative to the repository root" },
      startLine: { type: "integer", minimum: 1, description: "first line to read (1-based)" },
      endLine: { type: "integer", minimum: 1, description: "last line to read" },
      repository: REPOSITORY_PARAMETER,
    },
    required: ["path"],
    additionalProperties: false,
  },
  input: inputSchema,
  describe: (input) => `Reading ${input.path}`,
  async run(input, context) {
    const picked = pickWorkspaceRoot(context.workspace, input.repository);
    if (picked.kind === "refused") return `Refused: ${picked.reason}`;
    const resolved = await resolveWorkspacePath(picked.root, input.path);
    if (resolved.kind === "refused") return `Refused: ${resolved.reason}`;
    if (resolved.kind === "missing") return `No file ${input.path} in ${picked.root.repo}.`;
    const info = await stat(resolved.absolute);
    if (info.isDirectory()) return `${input.path} is a directory: use list_files with "${resolved.path}/*".`;
    if (info.size > MAX_READ_FILE_BYTES)
      return `${input.path} is ${info.size} bytes, too large to read: use search to find what you need in it.`;
    context.signal.throwIfAborted();
    const handle = await open(resolved.absolute, "r");
    let text: string;
    try {
      text = (await handle.readFile({ signal: context.signal })).toString("utf8");
    } finally {
      await handle.close();
    }
    if (text.includes("\0")) return `${input.path} is a binary file.`;
    const lines = text.split("\n");
    const first = Math.min(input.startLine, lines.length);
    const last = Math.min(
      input.endLine ?? first + MAX_READ_LINES - 1,
      first + MAX_READ_LINES - 1,
      lines.length,
    );
    const width = String(last).length;
    const numbered = lines
      .slice(first - 1, last)
      .map((line, i) => `${String(first + i).padStart(width)}  ${line}`)
      .join("\n");
    const rest = last < lines.length ? `\n[lines ${last + 1}-${lines.length} not shown]` : "";
    return boundOutput(`${resolved.path} (lines ${first}-${last} of ${lines.length})\n${numbered}${rest}`);
  },
};
