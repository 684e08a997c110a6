import type { z } from "zod";
import type { Workspace } from "../workspace/workspace.js";

/** What a tool may use: the workspace, git, and the turn's signal (a stop kills its git at once). */
export interface ToolContext {
  workspace: Workspace;
  git: string;
  signal: AbortSignal;
}

/**
 * One read-only tool the model may call. `parameters` is the JSON schema the model sees;
 * `input` parses what it sent. `run` returns the text the model reads, already bounded.
 */
export interface AgentTool<Input = unknown> {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  input: z.ZodType<Input>;
  /** The progress line while it runs, e.g. "Reading src/app.ts". */
  describe(input: Input): string;
  run(input: Input, context: ToolContext): Promise<string>;
}

/** The `repository` parameter every tool takes, needed only when several are checked out. */
export const REPOSITORY_PARAMETER = {
  type: "string",
  description: "owner/name of the repository, when several are checked out",
} as const;
