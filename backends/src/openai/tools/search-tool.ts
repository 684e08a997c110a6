import { z } from "zod";
import { runGit } from "../../workspace/run-git.js";
import { TOOL_TIMEOUT_MS } from "../openai-agent-limits.js";
import { type AgentTool, REPOSITORY_PARAMETER } from "./agent-tool.js";
import { boundOutput, firstLine } from "./bound-output.js";
import { forEachRoot } from "./for-each-root.js";

/** Matching lines one search may return per repository. */
export const MAX_SEARCH_MATCHES = 200;
const MAX_SEARCH_OUTPUT_BYTES = 256 * 1024;

const inputSchema = z.object({
  pattern: z.string().min(1).max(1_000),
  pathGlob: z.string().min(1).max(500).optional(),
  ignoreCase: z.boolean().default(false),
  repository: z.string().optional(),
});
type SearchInput = z.infer<typeof inputSchema>;

/** A regular expression search over the tracked files, through `git grep` (extended regex). */
export const searchTool: AgentTool<SearchInput> = {
  name: "search",
  description:
    "Search the repository's files for a regular expression (POSIX extended syntax, as `git grep -E`). Returns path:line:text for each match.",
  parameters: {
    type: "object",
    properties: {
      pattern: { type: "string", description: "regular expression" },
      pathGlob: { type: "string", description: "only files matching this glob, e.g. `src/**/*.ts`" },
      ignoreCase: { type: "boolean" },
      repository: REPOSITORY_PARAMETER,
    },
    required: ["pattern"],
    additionalProperties: false,
  },
  input: inputSchema,
  describe: (input) => `Searching for ${input.pattern}`,
  async run(input, context) {
    return forEachRoot(context.workspace, input.repository, async (root) => {
      const args = [
        "grep",
        "-n",
        "-I",
        "-E",
        "--no-color",
        ...(input.ignoreCase ? ["-i"] : []),
        "-e",
        input.pattern,
      ];
      if (input.pathGlob) args.push("--", `:(glob)${input.pathGlob}`);
      const result = await runGit({
        git: context.git,
        args,
        cwd: root.dir,
        signal: context.signal,
        timeoutMs: TOOL_TIMEOUT_MS,
        maxOutputBytes: MAX_SEARCH_OUTPUT_BYTES,
      });
      if (result.exitCode === 1 && !result.truncated) return `No match for ${input.pattern}.`;
      if (result.exitCode > 1) return `search failed: ${firstLine(result.stderr)}`;
      const lines = result.stdout.split("\n").filter(Boolean);
      const shown = lines.slice(0, MAX_SEARCH_MATCHES).join("\n");
      const more =
        lines.length > MAX_SEARCH_MATCHES || result.truncated
          ? `\n[more matches not shown: narrow the pattern or pathGlob]`
          : "";
      return boundOutput(`${shown}${more}`);
    });
  },
};
