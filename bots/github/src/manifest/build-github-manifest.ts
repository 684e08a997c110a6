/** The webhook path Probot serves by default, and Baton's gateway too. */
export const GITHUB_WEBHOOK_PATH = "/api/github/webhooks";
/** GitHub's limit on a GitHub App's name. */
export const GITHUB_APP_NAME_MAX_CHARS = 34;

/**
 * What the App may do, and nothing more:
 * - issues, pull_requests (write): read them, comment (working/result comments), react (👀);
 * - contents (read): `.github/baton.yml`;
 * - metadata (read): every App has it; it answers the collaborator-permission check.
 */
export const GITHUB_APP_PERMISSIONS = {
  contents: "read",
  issues: "write",
  metadata: "read",
  pull_requests: "write",
} as const;

/** The events Baton reads (installation events come to every App without asking). */
export const GITHUB_APP_EVENTS = [
  "issue_comment",
  "issues",
  "pull_request",
  "pull_request_review",
  "pull_request_review_comment",
] as const;

export interface GithubManifestOptions {
  /** Baton's public base URL; webhooks go to `<url>/api/github/webhooks`. */
  baseUrl?: string;
  appName?: string;
}

/**
 * The GitHub App manifest (Probot's `app.yml` convention), as GitHub's "register an App from a
 * manifest" flow takes it.
 */
export function buildGithubManifest({
  baseUrl = "https://baton.example.com",
  appName = "Baton",
}: GithubManifestOptions = {}) {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    name: appName,
    description: "Hand work to a background coding agent: mention @baton on an issue or pull request.",
    url: base,
    hook_attributes: { url: `${base}${GITHUB_WEBHOOK_PATH}` },
    public: false,
    default_permissions: { ...GITHUB_APP_PERMISSIONS },
    default_events: [...GITHUB_APP_EVENTS],
  };
}
export type GithubManifest = ReturnType<typeof buildGithubManifest>;
