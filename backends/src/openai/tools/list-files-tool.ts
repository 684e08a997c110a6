import { z } from "zod";
import { runGit } from "../../workspace/run-git.js";
import { TOOL_TIMEOUT_MS } from "../openai-agent-limits.js";
import { type AgentTool, REPOSITORY_PARAMETER, type ToolContext } from "./agent-tool.js";
import { boundOutput, firstLine } from "./bound-output.js";
import { forEachRoot } from "./for-each-root.js";

/** Files one listing may name. */
export const MAX_LISTED_FILES = 500;

const inputSchema = z.object({
  pattern: z.string().min(1).max(500).default("**"),
  repository: z.string().optional(),
});
type ListFilesInput = z.infer<typeof inputSchema>;

/**
 * Lists tracked files matching a glob (`src/**\/*.ts`), through `git ls-files` with git's glob
 * pathspec magic: git itself keeps the listing inside the repository.
 */
export const listFilesTool: AgentTool<ListFilesInput> = {
  name: "list_files",
  description:
    "List the repository's files matching a glob pattern (e.g. `src/**/*.ts`, `**/package.json`; `**` for all). Paths are relative to the repository root.",
  parameters: {
    type: "object",
    properties: {
      pattern: { type: "string", description: "glob pattern; ** matches any directories" },
      repository: REPOSITORY_PARAMETER,
    },
    required: ["pattern"],
    additionalProperties: false,
  },
  input: inputSchema,
  describe: (input) => `Listing files ${input.pattern}`,
  async run(input, context: ToolContext) {
    return forEachRoot(context.workspace, input.repository, async (root) => {
      const result = await runGit({
        git: context.git,
        args: ["ls-files", "-z", "--", `:(glob)${input.pattern}`],
        cwd: root.dir,
        signal: context.signal,
        timeoutMs: TOOL_TIMEOUT_MS,
      });
      if (result.exitCode !== 0) return `list_files failed: ${firstLine(result.stderr)}`;
      const files = result.stdout.split("\0").filter(Boolean);
      if (files.length === 0) return `No files match ${input.pattern}.`;
      const shown = files.slice(0, MAX_LISTED_FILES).join("\n");
      const more =
        files.length > MAX_LISTED_FILES
          ? `\n[${files.length - MAX_LISTED_FILES} more files: narrow the pattern]`
          : "";
      return boundOutput(`${shown}${more}`);
    });
  },
};
