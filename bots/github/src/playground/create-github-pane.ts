import { randomBytes } from "node:crypto";
import {
  type DemoRepository,
  deliveryResult,
  type PaneActionResult,
  type PaneContext,
  type SimulatedPane,
} from "@baton/core";
import {
  buildIssueCommentEvent,
  buildReviewCommentEvent,
  type FakeGithub,
  type GithubWebhook,
  githubTestApp,
  postGithubWebhook,
  startFakeGithub,
} from "@baton/testkit";
import { describeOpenedPulls } from "./describe-opened-pulls.js";
import {
  diffHunkUpTo,
  type GithubPaneAction,
  githubPaneActionSchema,
  PLAYGROUND_PULL,
} from "./github-pane-actions.js";
import { hostDemoRepository } from "./host-demo-repository.js";

/** The person who opens the page, as GitHub names them; they may write to the repository. */
export const PLAYGROUND_GITHUB_LOGIN = "you";
const INSTALLATION_ID = 1;
const FIRST_REVIEW_COMMENT_ID = 700_000_001;

interface ReviewComment {
  id: number;
  body: string;
  line: number;
  author: string;
  createdAt: string;
}

/**
 * The GitHub pane, simulated: testkit's fake GitHub REST API with a GitHub App made up for this
 * run (its own key pair and webhook secret), one pull request, and the person's comments and
 * review comments delivered to the gateway as signed webhooks.
 */
export async function createGithubPane({ logger, changed, demo }: PaneContext): Promise<SimulatedPane> {
  const app = githubTestApp({ webhookSecret: randomBytes(32).toString("hex") });
  const github = await startFakeGithub({ app });
  const { repo, number, title, body, author, headRef, baseRef } = PLAYGROUND_PULL;
  github.seedIssue({
    repo,
    number,
    title,
    body,
    author,
    pull: { headRepo: repo, headRef, baseRef, draft: false },
  });
  github.setPermission(repo, PLAYGROUND_GITHUB_LOGIN, "write");
  if (demo)
    hostDemoRepository(github, demo, { installationId: INSTALLATION_ID, person: PLAYGROUND_GITHUB_LOGIN });
  const reviewComments: ReviewComment[] = [];
  const log = logger.child({ component: "server.playground.github" });
  const unsubscribe = github.onCall(() => changed());

  async function act(input: unknown, gatewayUrl: string): Promise<PaneActionResult> {
    const parsed = githubPaneActionSchema.safeParse(input);
    if (!parsed.success) return { kind: "refused", status: 400, reason: "bad_action" };
    const action = parsed.data;
    let webhook: GithubWebhook;
    if (action.type === "review_comment") webhook = reviewCommentWebhook(action, reviewComments);
    else {
      const pull = commentTarget(github, demo, action.pull);
      if (!pull) return { kind: "refused", status: 404, reason: "no_such_pull_request" };
      webhook = commentWebhook(github, pull, action.body);
    }
    changed();
    const delivered = await postGithubWebhook({ url: gatewayUrl, webhook, secret: app.webhookSecret });
    log.info("server.playground.github.delivered", { action: action.type, status: delivered.status });
    return deliveryResult(delivered.status);
  }

  return {
    env: {
      GITHUB_APP_ID: String(app.appId),
      GITHUB_PRIVATE_KEY: app.privateKey,
      GITHUB_WEBHOOK_SECRET: app.webhookSecret,
      GITHUB_API_URL: github.url,
    },
    act,
    state: () => ({
      pull: { ...PLAYGROUND_PULL, lines: [...PLAYGROUND_PULL.lines] },
      person: PLAYGROUND_GITHUB_LOGIN,
      comments: github.commentsOn(repo, number).map((comment) => ({
        ...comment,
        reactions: github
          .reactionsOn({ kind: "issue_comment", repo, commentId: comment.id })
          .map((r) => r.content),
      })),
      opened: demo
        ? describeOpenedPulls(github, demo.repo).map((pull) => ({
            ...pull,
            comments: github.commentsOn(demo.repo, pull.number),
          }))
        : [],
      reviewComments: reviewComments.map((comment) => ({
        ...comment,
        reactions: github
          .reactionsOn({ kind: "review_comment", repo, commentId: comment.id })
          .map((r) => r.content),
      })),
    }),
    async close() {
      unsubscribe();
      await github.close();
    },
  };
}

interface CommentTarget {
  repo: string;
  number: number;
  title: string;
}

/** The seeded pull request, or one Baton opened on the demo repository. */
function commentTarget(github: FakeGithub, demo: DemoRepository | undefined, number: number | undefined) {
  if (number === undefined) return PLAYGROUND_PULL;
  if (!demo) return undefined;
  const pull = github.pullRequestsOf(demo.repo).find((issue) => issue.number === number);
  return pull ? { repo: demo.repo, number, title: pull.title } : undefined;
}

function commentWebhook(github: FakeGithub, { repo, number, title }: CommentTarget, body: string) {
  // Kept in the fake too, so that Baton reading the conversation sees it as GitHub would show it.
  const comment = github.seedComment({ repo, issueNumber: number, body, author: PLAYGROUND_GITHUB_LOGIN });
  return buildIssueCommentEvent({
    repo,
    installationId: INSTALLATION_ID,
    sender: { login: PLAYGROUND_GITHUB_LOGIN },
    number,
    commentId: comment.id,
    onPullRequest: true,
    title,
    body,
  });
}

function reviewCommentWebhook(
  action: Extract<GithubPaneAction, { type: "review_comment" }>,
  reviewComments: ReviewComment[],
) {
  const { repo, number, title, body, headRef, path } = PLAYGROUND_PULL;
  // Review comments have ids of their own on GitHub (reactions to them are addressed by kind).
  const id = FIRST_REVIEW_COMMENT_ID + reviewComments.length;
  reviewComments.push({
    id,
    body: action.body,
    line: action.line,
    author: PLAYGROUND_GITHUB_LOGIN,
    createdAt: new Date().toISOString(),
  });
  return buildReviewCommentEvent({
    repo,
    installationId: INSTALLATION_ID,
    sender: { login: PLAYGROUND_GITHUB_LOGIN },
    pull: { number, title, body, headRef },
    body: action.body,
    commentId: id,
    path,
    line: action.line,
    diffHunk: diffHunkUpTo(action.line),
  });
}
