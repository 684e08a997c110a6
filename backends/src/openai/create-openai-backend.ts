import type { AgentBackend, AgentEvent, BackendTurn, Logger } from "@baton/core";
import { OpenAI } from "openai";
import { buildAgentMessages } from "./build-agent-messages.js";
import { type AgentMemory, rememberTurn } from "./memory/agent-memory.js";
import { compactConversation, needsCompaction } from "./memory/compact-conversation.js";
import { type AgentLoopLimits, DEFAULT_AGENT_LOOP_LIMITS, runAgentLoop } from "./run-agent-loop.js";
import { AGENT_TOOLS, type RegisteredTool } from "./tools/agent-tools.js";
import type { WorkspaceCache } from "./workspace/create-workspace-cache.js";

export const OPENAI_BACKEND_NAME = "openai";

// Local OpenAI-compatible servers accept any key, but the SDK refuses to start without one.
const PLACEHOLDER_API_KEY = "not-needed";

export interface OpenAIBackendOptions {
  /** `OPENAI_API_KEY`; optional for a local server at `baseUrl`. */
  apiKey?: string | undefined;
  /** `OPENAI_BASE_URL`: any OpenAI-compatible server. */
  baseUrl?: string | undefined;
  /** The model when neither the person nor the catalog chose one. */
  defaultModel: string;
  workspaces: WorkspaceCache;
  memory: AgentMemory;
  logger: Logger;
  /** The git executable the tools run. */
  git?: string;
  limits?: Partial<AgentLoopLimits>;
  tools?: readonly RegisteredTool[];
}

/**
 * The built-in agent: answers questions about the target's code with read-only tools over a
 * fresh shallow checkout, on any OpenAI-compatible chat completions API. A session's earlier
 * turns are carried into its follow-ups. Stopping aborts the model call and the running tool.
 *
 * @example
 * const backend = createOpenAIBackend({ apiKey, defaultModel: "gpt-4.1-mini", workspaces, memory, logger });
 */
export function createOpenAIBackend({
  apiKey,
  baseUrl,
  defaultModel,
  workspaces,
  memory,
  logger,
  git = "git",
  limits,
  tools = AGENT_TOOLS,
}: OpenAIBackendOptions): AgentBackend {
  // Retries belong to the queue (a turn retried with backoff), not to the SDK: a stop must not
  // wait behind the SDK's own retry delays.
  const client = new OpenAI({
    apiKey: apiKey || PLACEHOLDER_API_KEY,
    ...(baseUrl ? { baseURL: baseUrl } : {}),
    maxRetries: 0,
  });
  const loopLimits = { ...DEFAULT_AGENT_LOOP_LIMITS, ...limits };
  const log = logger.child({ component: "backends.openai" });

  return {
    name: OPENAI_BACKEND_NAME,
    defaultModel,
    async *run(turn: BackendTurn, signal: AbortSignal): AsyncIterable<AgentEvent> {
      const model = turn.model ?? defaultModel;
      const startedAt = Date.now();
      const repositories = describeRepositories(turn);
      if (repositories) yield { type: "status", message: `Fetching ${repositories}` };
      const workspace = await workspaces.prepare(turn.target, signal);
      // The turn's checkouts go when it ends, however it ends (answered, failed or stopped).
      try {
        const remembered = await memory.load(turn.session.id);
        // A retried turn's earlier try is not one of its earlier turns: its entry is replaced below.
        let conversation = {
          ...remembered,
          turns: remembered.turns.filter((t) => t.turnId !== turn.idempotencyKey),
        };
        if (needsCompaction(conversation)) {
          yield { type: "status", message: "Summarising the conversation so far" };
          const compacted = await compactConversation({ client, model, conversation, signal });
          conversation = compacted.conversation;
          log.info("backends.openai.conversation_compacted", {
            session_id: turn.session.id,
            summarised: compacted.summarised,
          });
        }
        const messages = buildAgentMessages({
          target: turn.target,
          workspace,
          conversation,
          context: turn.context,
          prompt: turn.prompt,
        });
        const answer = yield* runAgentLoop({
          client,
          model,
          messages,
          tools,
          workspace,
          git,
          limits: loopLimits,
          signal,
        });
        await memory.save(
          turn.session.id,
          rememberTurn(conversation, { turnId: turn.idempotencyKey, prompt: turn.prompt, answer }),
        );
        log.info("backends.openai.turn_answered", {
          session_id: turn.session.id,
          turn_id: turn.turn.id,
          model,
          repositories: workspace.roots.length,
          duration_ms: Date.now() - startedAt,
        });
        yield { type: "done", summary: answer };
      } finally {
        await workspace.release();
      }
    },
    // A running turn stops through its signal; between turns there is nothing running to stop.
    async stop() {},
  };
}

function describeRepositories(turn: BackendTurn): string | undefined {
  switch (turn.target.kind) {
    case "none":
      return undefined;
    case "repository":
      return turn.target.repo;
    case "environment":
      return `the repositories of ${turn.target.id}`;
  }
}
