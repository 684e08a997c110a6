import { z } from "zod";
import { runGit } from "../../workspace/run-git.js";
import { TOOL_TIMEOUT_MS } from "../openai-agent-limits.js";
import { pickWorkspaceRoot, resolveWorkspacePath } from "../workspace/resolve-workspace-path.js";
import { type AgentTool, REPOSITORY_PARAMETER, type ToolContext } from "./agent-tool.js";
import { boundOutput, firstLine } from "./bound-output.js";

/** Commits one `git_log` call may list. */
export const MAX_LOG_COMMITS = 50;

const logInputSchema = z.object({
  path: z.string().min(1).max(1_000),
  maxCommits: z.number().int().min(1).max(MAX_LOG_COMMITS).default(20),
  repository: z.string().optional(),
});
const blameInputSchema = z.object({
  path: z.string().min(1).max(1_000),
  startLine: z.number().int().min(1).default(1),
  endLine: z.number().int().min(1).optional(),
  repository: z.string().optional(),
});

/** Lines one blame may cover. */
export const MAX_BLAME_LINES = 200;

/** The latest commits that touched a path (the checkout is shallow: older history may be cut). */
export const gitLogTool: AgentTool<z.infer<typeof logInputSchema>> = {
  name: "git_log",
  description: "The latest commits that changed a path: hash, date, author, subject. The history is shallow.",
  parameters: {
    type: "object",
    properties: {
      path: { type: "string", description: "file or directory relative to the repository root; . for all" },
      maxCommits: { type: "integer", minimum: 1, maximum: MAX_LOG_COMMITS },
      repository: REPOSITORY_PARAMETER,
    },
    required: ["path"],
    additionalProperties: false,
  },
  input: logInputSchema,
  describe: (input) => `Reading the history of ${input.path}`,
  async run(input, context) {
    return onPath(context, input, async (dir, path) => {
      const result = await runGit({
        git: context.git,
        args: [
          "log",
          `--max-count=${input.maxCommits}`,
          "--date=short",
          "--format=%h %ad %an: %s",
          "--",
          path,
        ],
        cwd: dir,
        signal: context.signal,
        timeoutMs: TOOL_TIMEOUT_MS,
      });
      if (result.exitCode !== 0) return `git_log failed: ${firstLine(result.stderr)}`;
      return boundOutput(result.stdout.trim() || `No commit touches ${input.path} in the fetched history.`);
    });
  },
};

/** Who last changed each line of a range of a file. */
export const gitBlameTool: AgentTool<z.infer<typeof blameInputSchema>> = {
  name: "git_blame",
  description: `Who last changed each line of a file: commit, author, date, line. At most ${MAX_BLAME_LINES} lines a call.`,
  parameters: {
    type: "object",
    properties: {
      path: { type: "string", description: "file relative to the repository root" },
      startLine: { type: "integer", minimum: 1 },
      endLine: { type: "integer", minimum: 1 },
      repository: REPOSITORY_PARAMETER,
    },
    required: ["path"],
    additionalProperties: false,
  },
  input: blameInputSchema,
  describe: (input) => `Blaming ${input.path}`,
  async run(input, context) {
    return onPath(context, input, async (dir, path) => {
      const last = Math.min(
        input.endLine ?? input.startLine + MAX_BLAME_LINES - 1,
        input.startLine + MAX_BLAME_LINES - 1,
      );
      const result = await runGit({
        git: context.git,
        args: ["blame", "--date=short", "-L", `${input.startLine},${last}`, "--", path],
        cwd: dir,
        signal: context.signal,
        timeoutMs: TOOL_TIMEOUT_MS,
      });
      if (result.exitCode !== 0) return `git_blame failed: ${firstLine(result.stderr)}`;
      return boundOutput(result.stdout.trimEnd());
    });
  },
};

async function onPath(
  context: ToolContext,
  input: { path: string; repository?: string | undefined },
  run: (dir: string, path: string) => Promise<string>,
): Promise<string> {
  const picked = pickWorkspaceRoot(context.workspace, input.repository);
  if (picked.kind === "refused") return `Refused: ${picked.reason}`;
  const resolved = await resolveWorkspacePath(picked.root, input.path);
  if (resolved.kind === "refused") return `Refused: ${resolved.reason}`;
  // A deleted file still has history; the path is checked lexically above, and git reads only the repository.
  return run(picked.root.dir, resolved.path);
}
