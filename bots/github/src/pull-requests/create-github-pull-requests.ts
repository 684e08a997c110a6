import type { PullRequestAnswer, PullRequestHost, PullRequestState } from "@baton/core";
import { z } from "zod";

const DEFAULT_GITHUB_API_URL = "https://api.github.com";
const GITHUB_API_VERSION = "2022-11-28";
const PULL_REQUEST_TIMEOUT_MS = 30_000;
/** GitHub's refusal of a draft where the repository's plan has none (private repositories on GitHub Free). */
const DRAFTS_UNSUPPORTED = /draft pull requests are not supported/i;

const pullRequestSchema = z.object({ number: z.number().int(), html_url: z.string() });
const pullRequestStateSchema = z.object({
  state: z.enum(["open", "closed"]),
  merged: z.boolean().optional(),
  merged_at: z.string().nullish(),
});
const errorSchema = z.object({
  message: z.string().optional(),
  errors: z.array(z.object({ message: z.string().optional(), code: z.string().optional() })).optional(),
});

export interface GithubPullRequestsOptions {
  /** GitHub's REST API (`GITHUB_API_URL`: GitHub Enterprise Server's `/api/v3`, or a fake). */
  apiUrl?: string;
  fetch?: typeof fetch;
}

/**
 * Baton's pull requests through GitHub's REST API, as the App's installation: drafts opened with
 * `POST /repos/{owner}/{repo}/pulls` (a ready one where the plan has no drafts), their body kept
 * current with `PATCH`. Refusals come back as values with GitHub's own words.
 */
export function createGithubPullRequests({
  apiUrl = DEFAULT_GITHUB_API_URL,
  fetch: fetchImpl = fetch,
}: GithubPullRequestsOptions = {}): PullRequestHost {
  const base = apiUrl.replace(/\/+$/, "");

  async function call(method: string, path: string, token: string, signal: AbortSignal, body?: unknown) {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${token}`,
        "x-github-api-version": GITHUB_API_VERSION,
        "user-agent": "baton",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.any([signal, AbortSignal.timeout(PULL_REQUEST_TIMEOUT_MS)]),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, ok: response.ok, json };
  }

  function toResult(answer: { status: number; ok: boolean; json: unknown }): PullRequestAnswer {
    const pull = answer.ok ? pullRequestSchema.safeParse(answer.json) : null;
    if (pull?.success) return { ok: true, number: pull.data.number, url: pull.data.html_url };
    const error = errorSchema.safeParse(answer.json);
    const details = error.success
      ? (error.data.errors ?? []).map((e) => e.message ?? e.code).filter(Boolean)
      : [];
    const message = [error.success ? error.data.message : undefined, ...details].filter(Boolean).join(": ");
    return {
      ok: false,
      status: answer.status,
      message: message || `GitHub answered ${answer.status}`,
      alreadyExists: /already exists/i.test(message),
    };
  }

  return {
    async openDraft({ repo, token, title, head, base: baseBranch, body }, signal) {
      const open = async (draft: boolean) =>
        toResult(
          await call("POST", `/repos/${repo}/pulls`, token, signal, {
            title,
            head,
            base: baseBranch,
            body,
            draft,
          }),
        );
      const opened = await open(true);
      return !opened.ok && DRAFTS_UNSUPPORTED.test(opened.message) ? open(false) : opened;
    },
    async update({ repo, token, number, body }, signal) {
      return toResult(await call("PATCH", `/repos/${repo}/pulls/${number}`, token, signal, { body }));
    },
    async findOpen({ repo, token, branch }, signal) {
      const owner = repo.split("/")[0] ?? "";
      const query = new URLSearchParams({ head: `${owner}:${branch}`, state: "open" });
      const answer = await call("GET", `/repos/${repo}/pulls?${query}`, token, signal);
      const list = z.array(pullRequestSchema).safeParse(answer.json);
      const first = answer.ok && list.success ? list.data[0] : undefined;
      return first ? { number: first.number, url: first.html_url } : null;
    },
    async stateOf({ repo, token, number }, signal): Promise<PullRequestState | null> {
      const answer = await call("GET", `/repos/${repo}/pulls/${number}`, token, signal);
      const pull = answer.ok ? pullRequestStateSchema.safeParse(answer.json) : null;
      if (!pull?.success) return null;
      if (pull.data.state === "open") return "open";
      return pull.data.merged === true || pull.data.merged_at ? "merged" : "closed";
    },
  };
}
