import type { FakeGithub } from "@baton/testkit";

/** The diff a pane shows per pull request, at most this many lines. */
const MAX_PATCH_LINES = 120;

export interface OpenedPull {
  repo: string;
  number: number;
  title: string;
  body: string;
  draft: boolean;
  headRef: string;
  baseRef: string;
  commits: Array<{ sha: string; subject: string }>;
  files: Array<{ path: string; added: number; removed: number }>;
  /** The branch's diff against its base, capped. */
  patch: string;
}

/**
 * The pull requests Baton opened on `repo`, as the GitHub pane draws them: what the fake's REST
 * store holds plus the branch's commits and diff, read from the bare repository it serves.
 */
export function describeOpenedPulls(github: FakeGithub, repo: string): OpenedPull[] {
  if (!github.git.hosts(repo)) return [];
  return github.pullRequestsOf(repo).flatMap((issue) => {
    const { pull } = issue;
    if (!pull || !github.git.hasBranch(repo, pull.headRef)) return [];
    const git = (...args: string[]) => github.git.git(repo, ...args);
    const range = `${pull.baseRef}...${pull.headRef}`;
    return [
      {
        repo,
        number: issue.number,
        title: issue.title,
        body: issue.body,
        draft: pull.draft,
        headRef: pull.headRef,
        baseRef: pull.baseRef,
        commits: lines(git("log", "--reverse", "--format=%h %s", `${pull.baseRef}..${pull.headRef}`)).map(
          readCommitLine,
        ),
        files: lines(git("diff", "--numstat", range)).map(readNumstatLine),
        patch: capLines(git("diff", range), MAX_PATCH_LINES),
      },
    ];
  });
}

function readCommitLine(line: string): { sha: string; subject: string } {
  const space = line.indexOf(" ");
  return { sha: line.slice(0, space), subject: line.slice(space + 1) };
}

// `git diff --numstat`: added, removed and the path, tab-separated ("-" for binary files).
function readNumstatLine(line: string): { path: string; added: number; removed: number } {
  const [added = "0", removed = "0", path = ""] = line.split("\t");
  return { path, added: Number(added) || 0, removed: Number(removed) || 0 };
}

function capLines(text: string, max: number): string {
  const all = text.split("\n");
  return all.length > max ? [...all.slice(0, max), `… ${all.length - max} more lines`].join("\n") : text;
}

function lines(text: string): string[] {
  return text.split("\n").filter((line) => line.length > 0);
}
