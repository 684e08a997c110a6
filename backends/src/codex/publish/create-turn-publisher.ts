import { type Actor, BatonError, type Logger, type RepositoryTokenProvider } from "@baton/core";
import type { RepositoryStores } from "../../workspace/repository-stores.js";
import type { CheckRun, PublishTurn } from "../codex-backend-ports.js";
import { type RepositoryState, rememberRequest, type SessionState } from "../session-state/session-state.js";
import type { SessionStateStore } from "../session-state/session-state-store.js";
import type { WorkspaceRepository } from "../workspace/session-workspace.js";
import { expectGit, workspaceGit } from "../workspace/workspace-git.js";
import { type CommitAuthor, commitTurn } from "./commit-turn.js";
import type { GithubPullRequests } from "./github-pull-requests.js";
import type { PublishOutcome } from "./publish-outcome.js";
import { publishPullRequest } from "./publish-pull-request.js";
import { pullRequestBody, pullRequestTitle } from "./pull-request-body.js";
import { pushBranch } from "./push-branch.js";
import { readNumstat } from "./read-numstat.js";

const COMMIT_BODY_MAX_CHARS = 500;

export interface TurnPublisherOptions {
  stores: RepositoryStores;
  state: SessionStateStore;
  /** The Baton App as the commits' author, e.g. `{ name: "baton[bot]", email: "<id>+baton[bot]@users.noreply.github.com" }`. */
  author: CommitAuthor;
  /** The GitHub App's installation tokens: for the pull request (the push gets them through the stores). */
  tokens?: RepositoryTokenProvider;
  /** Pull requests on GitHub; without it, a GitHub repository gets its pushed branch only, and the outcome says why. */
  pullRequests?: GithubPullRequests;
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
 * const publish = createTurnPublisher({ stores, state, author, tokens, pullRequests: createGithubPullRequests({ apiUrl }), redact, logger });
 */
export function createTurnPublisher(options: TurnPublisherOptions): PublishTurn {
  const { stores, state: states, author, git = "git", logger } = options;
  const redact = options.redact ?? ((text: string) => text);
  const log = logger.child({ component: "backends.codex.publish" });

  async function changedFiles(
    repository: WorkspaceRepository,
    from: string,
    to: string,
    signal: AbortSignal,
  ) {
    const numstat = await workspaceGit(
      repository,
      ["diff", "--numstat", "-z", "--no-renames", from, to],
      signal,
      { git },
    );
    return numstat.exitCode === 0 ? readNumstat(numstat.stdout) : [];
  }

  async function publishRepository(
    input: {
      repository: WorkspaceRepository;
      repoState: RepositoryState;
      session: SessionState;
      requester: Actor;
      sessionId: string;
      title: string;
      asked: string;
      checks: CheckRun[];
    },
    signal: AbortSignal,
  ): Promise<PublishOutcome> {
    const { repository, repoState } = input;
    const repo = repository.repo;
    const committed = await commitTurn(
      {
        repository,
        author,
        requester: input.requester,
        sessionId: input.sessionId,
        subject: input.title,
        body: redact(input.asked).slice(0, COMMIT_BODY_MAX_CHARS),
        git,
      },
      signal,
    );
    const head =
      committed ??
      (await expectGit("rev-parse HEAD", workspaceGit(repository, ["rev-parse", "HEAD"], signal, { git })));
    const published = repoState.pushedCommit ?? repoState.baseCommit;
    // Nothing new, and nothing an earlier turn could not push: nothing to do.
    if (head === published) return { repo, kind: "no_changes" };
    // This turn's changes, or (a retry) everything the remote does not have yet.
    const from = head === repository.startCommit ? published : repository.startCommit;
    const files = await changedFiles(repository, from, head, signal);
    const pushed = await pushBranch({ stores, repository, commit: head }, signal);
    if (!pushed.ok) {
      log.warn("backends.codex.publish.push_refused", {
        session_id: input.sessionId,
        repo,
        reason: pushed.reason,
        error: pushed.message,
      });
      return { repo, kind: "push_refused", reason: pushed.reason, message: pushed.message };
    }
    repoState.pushedCommit = head;
    log.info("backends.codex.publish.pushed", {
      session_id: input.sessionId,
      repo,
      branch: repository.branch,
      commit: head,
    });
    const outcome: Extract<PublishOutcome, { kind: "pushed" }> = {
      repo,
      kind: "pushed",
      branch: repository.branch,
      commit: head,
      files,
    };
    if (!stores.source(repo).onGitHost) return outcome;
    outcome.branchUrl = `${stores.gitHost.replace(/\/+$/, "")}/${repo}/tree/${repository.branch}`;
    const body = pullRequestBody({
      requests: input.session.requests,
      checks: input.checks,
      links: input.session.links,
      redact,
    });
    const pull = await publishPullRequest(
      {
        pullRequests: options.pullRequests,
        tokens: options.tokens,
        repo,
        repoState,
        branch: repository.branch,
        baseBranch: repository.baseBranch,
        title: input.title,
        body,
        logger: log,
      },
      signal,
    );
    if (pull.kind === "refused") outcome.pullRequestRefused = pull.message;
    else {
      repoState.pullRequest = { number: pull.number, url: pull.url };
      outcome.pullRequest = { number: pull.number, url: pull.url, opened: pull.kind === "opened" };
    }
    return outcome;
  }

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
    const remembered = rememberRequest(loaded, { text: turn.prompt, by: personOf(requester) });
    const session = {
      ...remembered,
      links: {
        ...remembered.links,
        ...(links.origin ? { origin: links.origin } : {}),
        ...(links.share ? { share: links.share } : {}),
      },
    };
    const title = pullRequestTitle(summary, session.requests[0]?.text ?? turn.prompt);
    const outcomes: PublishOutcome[] = [];
    try {
      for (const repository of workspace.repositories) {
        const repoState = session.repositories.find((r) => r.repo === repository.repo);
        if (!repoState) continue;
        outcomes.push(
          await publishRepository(
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
