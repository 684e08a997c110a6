/** A pull request (owner, repository, number), as far as linking sessions to it goes. */
export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

// https://git.example.com/acme/api/pull/12, https://ghe.acme.dev/acme/api/pull/12/files, … (any host)
const PULL_REQUEST_URL = /^https?:\/\/[^/\s]+\/([\w.-]+)\/([\w.-]+)\/pull\/(\d+)(?:[/?#]|$)/;

/** The pull request a URL points to, or null when it is no `/<owner>/<repo>/pull/<n>` URL. */
export function parsePullRequestUrl(url: string): PullRequestRef | null {
  const match = PULL_REQUEST_URL.exec(url);
  if (!match) return null;
  const [, owner = "", repo = "", number = "0"] = match;
  return { owner, repo, number: Number(number) };
}

/** One key per pull request, whatever the host and the case of its URL. */
export function pullRequestKey({ owner, repo, number }: PullRequestRef): string {
  return `${owner}/${repo}#${number}`.toLowerCase();
}
