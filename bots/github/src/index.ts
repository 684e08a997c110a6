export { createGithubAdmission } from "./access/create-github-admission.js";
export {
  createPermissionCheck,
  PERMISSION_CACHE_TTL_MS,
  type PermissionCheck,
} from "./access/create-permission-check.js";
export { githubCommand, runGithubCommand } from "./cli/github-command.js";
export {
  createGithubBot,
  GITHUB_DEFAULT_API_URL,
  type GithubBot,
  type GithubBotOptions,
} from "./create-github-bot.js";
export { githubDoctorCheck } from "./doctor/github-doctor-check.js";
export { buildGithubRequest, impliedGithubTarget } from "./inbound/build-github-request.js";
export { DEFAULT_GITHUB_MENTION, findBatonMention } from "./inbound/find-baton-mention.js";
export { type GithubEventParse, parseGithubEvent } from "./inbound/parse-github-event.js";
export {
  buildGithubManifest,
  GITHUB_APP_EVENTS,
  GITHUB_APP_NAME_MAX_CHARS,
  GITHUB_APP_PERMISSIONS,
  GITHUB_WEBHOOK_PATH,
  type GithubManifest,
  type GithubManifestOptions,
} from "./manifest/build-github-manifest.js";
export {
  createInstallationOctokits,
  GITHUB_WRITE_MIN_INTERVAL_MS,
  type InstallationOctokits,
} from "./octokit/create-installation-octokits.js";
export { createRepositoryTokens, INSTALLATION_LOOKUP_TTL_MS } from "./octokit/create-repository-tokens.js";
export { GITHUB_SECONDARY_LIMIT_RETRIES } from "./octokit/github-request-retries.js";
export type { OpenedPull } from "./playground/describe-opened-pulls.js";
export {
  createGithubPullRequests,
  type GithubPullRequestsOptions,
} from "./pull-requests/create-github-pull-requests.js";
export { createGithubReplier, GITHUB_PROGRESS_MIN_INTERVAL_MS } from "./replier/create-github-replier.js";
export {
  GITHUB_COMMENT_MAX_CHARS,
  renderResultComment,
  turnMarker,
} from "./replier/render-github-comment.js";
export {
  createGithubSettingsReader,
  GITHUB_SETTINGS_CACHE_TTL_MS,
  type GithubSettingsReader,
} from "./settings/create-github-settings-reader.js";
export {
  GITHUB_SETTINGS_PATH,
  type GithubRepoSettings,
  resolveGithubRepoSettings,
} from "./settings/github-repo-settings.js";
