import {
  type AgentBackend,
  type AgentEvent,
  type Artifact,
  type BackendTurn,
  conversationKey,
  type Logger,
  type Target,
} from "@baton/core";
import { buildCodexPrompt } from "./build-codex-prompt.js";
import type { CheckRun, DiffTurn, PublishTurn } from "./codex-backend-ports.js";
import { describeHarnessEvent } from "./describe-harness-event.js";
import { describeHarnessFailure } from "./describe-harness-failure.js";
import { describePublishOutcomes } from "./describe-publish-outcome.js";
import { describeTurnDiff } from "./describe-turn-diff.js";
import type { CodingHarness } from "./harness/coding-harness.js";
import { harnessDeadlineMs } from "./harness-deadline.js";
import { runSetupScripts } from "./run-setup-scripts.js";
import type { SessionWorkspace } from "./workspace/session-workspace.js";
import type { SessionWorkspaces } from "./workspace/session-workspaces.js";

export const CODEX_BACKEND_NAME = "codex";

export interface CodexBackendOptions {
  harness: CodingHarness;
  workspaces: SessionWorkspaces;
  publish: PublishTurn;
  diffTurn: DiffTurn;
  /**
   * What the session's earlier turns already pushed (its pull requests), listed with every result
   * and kept when a turn is stopped; none when not given.
   */
  keptArtifacts?: (sessionId: string) => Promise<Artifact[]>;
  /** Whether a target's commands may use the network (the catalog's `agent: { network: true }`). */
  networkFor: (target: Target) => boolean;
  /** The model when neither the person nor the catalog chose one. */
  defaultModel: string;
  /**
   * BATON_TURN_TIMEOUT_MS: the harness ends a little before it (`harnessDeadlineMs`), so that a hung
   * model server or a long command ends the turn in the backend's words, not the worker's.
   */
  turnTimeoutMs: number;
  logger: Logger;
}

/**
 * Baton's own coding agent: a coding harness (Codex) works in the session's workspace, a branch
 * per session, inside its sandbox; Baton, never the agent, commits and pushes what changed and
 * opens a draft pull request. Progress comes from the harness's events; a stop aborts the harness
 * and every process it started, and what earlier turns pushed stays.
 *
 * @example
 * const backend = createCodexBackend({ harness, workspaces, publish, diffTurn, networkFor, defaultModel: "gpt-5-codex", turnTimeoutMs, logger });
 */
export function createCodexBackend(options: CodexBackendOptions): AgentBackend {
  const { harness, workspaces, defaultModel, logger } = options;
  const log = logger.child({ component: "backends.codex" });

  return {
    name: CODEX_BACKEND_NAME,
    defaultModel,
    async *run(turn: BackendTurn, signal: AbortSignal): AsyncIterable<AgentEvent> {
      const startedAt = Date.now();
      const model = turn.model ?? defaultModel;
      const network = options.networkFor(turn.target);
      // Listed first: a stop ends the event stream, and the result still lists what is kept.
      const kept = (await options.keptArtifacts?.(turn.session.id)) ?? [];
      for (const artifact of kept) yield { type: "artifact", artifact };
      yield { type: "status", message: "Opening the session's workspace" };
      let workspace: SessionWorkspace;
      try {
        workspace = await workspaces.open(
          { sessionId: turn.session.id, target: turn.target, title: turn.prompt },
          signal,
        );
      } catch (error) {
        // A stop during the fetch ends the stream like a stop anywhere else: what is kept stays listed.
        if (signal.aborted) return;
        throw error;
      }
      const warnings = workspace.created
        ? yield* runSetupScripts({ harness, workspace, network, signal })
        : [];
      if (signal.aborted) return;
      const worked = yield* runHarness({ options, turn, workspace, model, network, startedAt, signal });
      if (worked.kind !== "completed") return;
      const diff = await options.diffTurn(workspace, signal);
      yield* describeTurnDiff(diff);
      // Commits an earlier turn could not push go out with this one, even when it changed nothing.
      const toPublish = diff.files.length > 0 || workspace.repositories.some((r) => r.unpushed);
      const published =
        workspace.kind === "repositories" && toPublish
          ? yield* publishChanges({
              options,
              turn,
              workspace,
              summary: worked.finalMessage,
              checks: worked.checks,
              kept,
              signal,
            })
          : [];
      log.info("backends.codex.turn_finished", {
        session_id: turn.session.id,
        turn_id: turn.turn.id,
        model,
        files: diff.files.length,
        commands: worked.checks.length,
        duration_ms: Date.now() - startedAt,
      });
      const summary = [worked.finalMessage, ...warnings, ...published].filter(Boolean).join("\n\n");
      yield { type: "done", summary };
    },
    // A running turn stops through its signal (the harness ends its processes); between turns
    // nothing runs.
    async stop() {},
  };
}

type HarnessResult = { kind: "completed"; finalMessage: string; checks: CheckRun[] } | { kind: "ended" };

/** Runs the harness for the turn, handing its events on as progress; ends in one result. */
async function* runHarness({
  options,
  turn,
  workspace,
  model,
  network,
  startedAt,
  signal,
}: {
  options: CodexBackendOptions;
  turn: BackendTurn;
  workspace: SessionWorkspace;
  model: string;
  network: boolean;
  /** When the turn started (the worker's clock for BATON_TURN_TIMEOUT_MS started about then). */
  startedAt: number;
  signal: AbortSignal;
}): AsyncGenerator<AgentEvent, HarnessResult> {
  const checks: CheckRun[] = [];
  const events = options.harness.runTurn(
    {
      workingDirectory: workspace.root,
      writableRoots: workspace.writableRoots,
      network,
      model,
      prompt: buildCodexPrompt(turn, workspace.kind),
      sessionId: turn.session.id,
      deadlineMs: harnessDeadlineMs(options.turnTimeoutMs, Date.now() - startedAt),
    },
    signal,
  );
  for await (const event of events) {
    if (signal.aborted) return { kind: "ended" };
    if (event.type === "command" && event.status !== "running")
      checks.push({ command: event.command, exitCode: event.exitCode ?? null });
    if (event.type === "completed") return { kind: "completed", finalMessage: event.finalMessage, checks };
    if (event.type === "failed") {
      if (event.reason !== "aborted")
        yield describeHarnessFailure(event, { model, turnTimeoutMs: options.turnTimeoutMs });
      return { kind: "ended" };
    }
    yield* describeHarnessEvent(event);
  }
  if (!signal.aborted)
    yield { type: "error", message: "the coding agent ended without an answer.", retryable: true };
  return { kind: "ended" };
}

/** Commits, pushes and opens (or updates) the pull request; the artifacts go out, the lines come back. */
async function* publishChanges({
  options,
  turn,
  workspace,
  summary,
  checks,
  kept,
  signal,
}: {
  options: CodexBackendOptions;
  turn: BackendTurn;
  workspace: SessionWorkspace;
  summary: string;
  checks: CheckRun[];
  /** Already listed at the turn's start: not listed twice. */
  kept: readonly Artifact[];
  signal: AbortSignal;
}): AsyncGenerator<AgentEvent, string[]> {
  const branches = [...new Set(workspace.repositories.map((repository) => repository.branch))];
  yield { type: "status", message: `Committing and pushing \`${branches.join("`, `")}\`` };
  // The link back is to where the session started: a turn asked on the pull request itself has
  // nothing to add to the body's link.
  // (Not the turn's queue key: a pull request's turns queue under the session's own conversation.)
  const fromSessionsOwnConversation =
    conversationKey(turn.turn.request.conversation) === turn.session.conversationKey;
  const origin = fromSessionsOwnConversation ? await turn.originLink?.() : null;
  const outcomes = await options.publish(
    {
      workspace,
      turn,
      summary,
      checks,
      links: { ...(origin ? { origin } : {}), ...(turn.shareUrl ? { share: turn.shareUrl } : {}) },
    },
    signal,
  );
  const report = describePublishOutcomes(outcomes);
  for (const artifact of report.artifacts)
    if (!kept.some((known) => known.url === artifact.url)) yield { type: "artifact", artifact };
  return report.lines;
}
