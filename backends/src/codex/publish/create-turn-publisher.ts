import {
  type Actor,
  BatonError,
  type Logger,
  type PullRequestHost,
  type RepositoryTokenProvider,
} from "@baton/core";
import type { RepositoryStores } from "../../workspace/repository-stores.js";
import type { PublishTurn } from "../codex-backend-ports.js";
import { rememberRequest } from "../session-state/session-state.js";
import type { SessionStateStore } from "../session-state/session-state-store.js";
import type { CommitAuthor } from "./commit-turn.js";
import type { PublishOutcome } from "./publish-outcome.js";
import { type PublishDependencies, publishRepository } from "./publish-repository.js";
import { pullRequestTitle } from "./pull-request-body.js";

export interface TurnPublisherOptions {
  stores: RepositoryStores;
  state: SessionStateStore;
  /** The Baton App as the commits' author, e.g. `{ name: "baton[bot]", email: "<id>+baton[bot]@users.noreply.github.com" }`. */
  author: CommitAuthor;
  /** The GitHub App's installation tokens: for the pull request (the push gets them through the stores). */
  tokens?: RepositoryTokenProvider;
  /** The repository host's pull requests (a platform module's `RepositoryHost.pullRequests`); without it, a hosted repository gets its pushed branch only, and the outcome says why. */
  pullRequests?: PullRequestHost;
  /** Takes secrets out of what leaves for the commit message and the pull request's body. */
  redact?: (text: string) => string;
  git?: string;
  logger: Logger;
}

function personOf(actor: Actor): string {
  return actor.name ?? actor.id;
}

/**
 * Publishes a turn: in each repository of the workspace, Baton commits what changed (as the
 * Baton App, with the person who asked in a trailer), pushes the session's branch, and opens a
 * draft pull request on the first push or keeps its body current on later ones. Scratch
 * workspaces publish nothing. What happened comes back per repository as a typed outcome.
 *
 * @example
 * const publish = createTurnPublisher({ stores, state, author, tokens, pullRequests: repositoryHost.pullRequests, redact, logger });
 */
export function createTurnPublisher(options: TurnPublisherOptions): PublishTurn {
  const { stores, state: states, author, git = "git", logger } = options;
  const redact = options.redact ?? ((text: string) => text);
  const log = logger.child({ component: "backends.codex.publish" });

  const deps: PublishDependencies = {
    stores,
    author,
    tokens: options.tokens,
    pullRequests: options.pullRequests,
    redact,
    git,
    log,
  };

  return async ({ workspace, turn, summary, checks, links }, signal) => {
    if (workspace.kind === "scratch") return [];
    const loaded = await states.load(workspace.sessionId);
    if (!loaded)
      throw new BatonError(
        "backend_failed",
        `the state of session ${workspace.sessionId} is gone (expired or removed) before its turn was published`,
        "Baton lost track of this session's branch before it could push. Ask again to start over.",
      );
    const requester = turn.turn.request.actor;
    const remembered = rememberRequest(loaded, {
      text: turn.prompt,
      by: personOf(requester),
      turnId: turn.turn.id,
    });
    const session = {
      ...remembered,
      links: {
        ...remembered.links,
        ...(links.origin ? { origin: links.origin } : {}),
        ...(links.share ? { share: links.share } : {}),
      },
    };
    // Redacted before the title is cut from it: the cut drops `_`, and `ghp_…` would no longer read as a token.
    const title = pullRequestTitle(redact(summary), redact(session.requests[0]?.text ?? turn.prompt));
    const outcomes: PublishOutcome[] = [];
    try {
      for (const repository of workspace.repositories) {
        const repoState = session.repositories.find((r) => r.repo === repository.repo);
        if (!repoState) continue;
        outcomes.push(
          await publishRepository(
            deps,
            {
              repository,
              repoState,
              session,
              requester,
              sessionId: workspace.sessionId,
              title,
              asked: turn.prompt,
              checks,
            },
            signal,
          ),
        );
      }
    } finally {
      // What was pushed (and the pull request) is kept even when a later repository failed.
      await states.save(workspace.sessionId, session);
    }
    return outcomes;
  };
}
