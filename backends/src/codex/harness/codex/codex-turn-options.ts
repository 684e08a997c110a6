import type { CodexOptions, ThreadOptions } from "@openai/codex-sdk";
import type { HarnessTurnInput } from "../coding-harness.js";
import type { CodexBinary } from "./resolve-codex-binary.js";

/** The custom model provider's name in the CLI's config, and the variable its key travels in. */
export const CODEX_PROVIDER_ID = "baton";
export const CODEX_MODEL_KEY_VARIABLE = "BATON_CODEX_MODEL_KEY";
/** Marks every process of one turn (the CLI, its helpers and the commands), so that a stop can find them all. */
export const CODEX_TURN_MARKER_VARIABLE = "AGENT_TURN_ID";
/** Retries of a failed model request inside the CLI; Baton's own deadline bounds the rest. */
export const CODEX_MODEL_REQUEST_RETRIES = 2;

export interface ModelServer {
  /** A Responses API base URL, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
}

export interface CodexTurnSetupInput {
  binary: CodexBinary;
  codexHome: string;
  model: ModelServer;
  /** PATH for the CLI and the agent's commands. */
  commandPath: string;
  turn: HarnessTurnInput;
  /** This turn's own temporary directory: TMPDIR and HOME of the agent's commands. */
  tempDir: string;
  marker: string;
}

/**
 * The CLI's options for one turn. The model server is a custom provider whose key the CLI reads
 * from one variable of its own (`env_key`): the CLI ignores OPENAI_BASE_URL/OPENAI_API_KEY, and a
 * custom provider speaks HTTP directly instead of trying a WebSocket first. The CLI gets an
 * explicit environment (never the worker's), and its commands only the core variables
 * (`inherit = "core"`: PATH, HOME, …), so neither the model key nor anything else of Baton's
 * reaches them. `/tmp` and the worker's TMPDIR are read-only to commands; they write temporary
 * files in the turn's own directory.
 */
export function buildCodexTurnOptions(input: CodexTurnSetupInput): {
  codexOptions: CodexOptions;
  threadOptions: ThreadOptions;
} {
  const { turn, tempDir } = input;
  const codexOptions: CodexOptions = {
    codexPathOverride: input.binary.executable,
    env: {
      PATH: [...input.binary.pathDirs, input.commandPath].join(":"),
      HOME: input.codexHome,
      CODEX_HOME: input.codexHome,
      TMPDIR: tempDir,
      [CODEX_MODEL_KEY_VARIABLE]: input.model.apiKey,
      [CODEX_TURN_MARKER_VARIABLE]: input.marker,
    },
    config: {
      model_provider: CODEX_PROVIDER_ID,
      model_providers: {
        [CODEX_PROVIDER_ID]: {
          name: "Baton model server",
          base_url: input.model.baseUrl,
          wire_api: "responses",
          env_key: CODEX_MODEL_KEY_VARIABLE,
          request_max_retries: CODEX_MODEL_REQUEST_RETRIES,
          stream_max_retries: CODEX_MODEL_REQUEST_RETRIES,
        },
      },
      shell_environment_policy: {
        inherit: "core",
        // The turn's marker goes to the commands too: a stop finds them by it even when the CLI
        // died first and left them to init. (A random id of this turn, not a secret.)
        set: {
          HOME: tempDir,
          TMPDIR: tempDir,
          TMP: tempDir,
          TEMP: tempDir,
          [CODEX_TURN_MARKER_VARIABLE]: input.marker,
        },
      },
      sandbox_workspace_write: { exclude_slash_tmp: true, exclude_tmpdir_env_var: true },
    },
  };
  const threadOptions: ThreadOptions = {
    model: turn.model,
    sandboxMode: "workspace-write",
    approvalPolicy: "never",
    workingDirectory: turn.workingDirectory,
    additionalDirectories: [...turn.writableRoots, tempDir],
    networkAccessEnabled: turn.network,
    webSearchMode: "disabled",
    // A scratch session (no repository) works in a plain directory.
    skipGitRepoCheck: true,
  };
  return { codexOptions, threadOptions };
}
