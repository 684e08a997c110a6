import type { FakeGithubRepository, FakeGithubStore } from "./fake-github-store.js";
import {
  fileContentsAnswer,
  type GithubRoute,
  type GithubRouteContext,
  hash,
  NOT_FOUND,
  pageOf,
  repoOf,
  route,
  user,
} from "./github-route.js";

/** A repository's facts as they are, or GitHub's defaults for one nobody described. */
export function repositoryFacts(store: FakeGithubStore, repo: string): FakeGithubRepository {
  return (
    store.repositories.get(repo) ?? {
      description: "",
      topics: [],
      defaultBranch: "main",
      languages: {},
      archived: false,
      private: true,
      headSha: hash(repo).toString(16).padStart(40, "0").slice(-40),
    }
  );
}

function repositoryJson(context: GithubRouteContext, repo: string) {
  const facts = repositoryFacts(context.store, repo);
  const [owner = "", name = ""] = repo.split("/");
  const languages = Object.entries(facts.languages).sort((a, b) => b[1] - a[1]);
  return {
    id: Math.abs(hash(repo)),
    node_id: `R_${repo}`,
    name,
    full_name: repo,
    owner: user(owner, "User"),
    private: facts.private,
    html_url: `${context.webUrl}/${repo}`,
    description: facts.description.length > 0 ? facts.description : null,
    fork: false,
    url: `${context.apiUrl}/repos/${repo}`,
    language: languages[0]?.[0] ?? null,
    topics: facts.topics,
    archived: facts.archived,
    disabled: false,
    default_branch: facts.defaultBranch,
    visibility: facts.private ? "private" : "public",
  };
}

/** The top-level entries of `repo`'s files (set with `setFile`), as the contents API lists a folder. */
function rootListing(context: GithubRouteContext, repo: string) {
  const entries = new Map<string, "file" | "dir">();
  for (const key of context.store.files.keys()) {
    if (!key.startsWith(`${repo}:`)) continue;
    const [first = "", ...rest] = key.slice(repo.length + 1).split("/");
    entries.set(first, rest.length > 0 ? "dir" : (entries.get(first) ?? "file"));
  }
  return [...entries].sort().map(([name, type]) => ({
    type,
    name,
    path: name,
    sha: hash(`${repo}:${name}`).toString(16),
    url: `${context.apiUrl}/repos/${repo}/contents/${name}`,
  }));
}

/** The routes a catalog reads: the App's installations and their repositories, READMEs, folders, languages, branches. */
export const GITHUB_CATALOG_ROUTES: GithubRoute[] = [
  route("GET", "GET /app/installations", "app", (context) => {
    const ids = [...new Set(context.store.installations.values())].sort((a, b) => a - b);
    const { items, headers } = pageOf(context, "/app/installations", ids);
    return {
      status: 200,
      body: items.map((id) => ({ id, app_slug: context.appSlug, target_type: "Organization" })),
      headers,
    };
  }),
  route("GET", "GET /installation/repositories", "installation", (context) => {
    const repos = [...context.store.installations]
      .filter(([, id]) => id === context.installationId)
      .map(([repo]) => repo)
      .sort();
    const { items, headers } = pageOf(context, "/installation/repositories", repos);
    return {
      status: 200,
      body: {
        total_count: repos.length,
        repository_selection: "selected",
        repositories: items.map((repo) => repositoryJson(context, repo)),
      },
      headers,
    };
  }),
  route("GET", "GET /repos/{owner}/{repo}/languages", "installation", (context) => ({
    status: 200,
    body: repositoryFacts(context.store, repoOf(context.params)).languages,
  })),
  route("GET", "GET /repos/{owner}/{repo}/branches/{branch}", "installation", (context) => {
    const facts = repositoryFacts(context.store, repoOf(context.params));
    if (context.params.branch !== facts.defaultBranch) return NOT_FOUND;
    return {
      status: 200,
      body: { name: facts.defaultBranch, commit: { sha: facts.headSha }, protected: false },
    };
  }),
  route("GET", "GET /repos/{owner}/{repo}/readme", "installation", (context) => {
    const repo = repoOf(context.params);
    const name = rootListing(context, repo).find(
      (e) => e.type === "file" && /^readme(\.\w+)?$/i.test(e.name),
    )?.name;
    const text = name === undefined ? undefined : context.store.files.get(`${repo}:${name}`);
    if (text === undefined) return NOT_FOUND;
    return fileContentsAnswer(context, text, { path: name, name });
  }),
  route("GET", "GET /repos/{owner}/{repo}/contents", "installation", (context) => {
    const listing = rootListing(context, repoOf(context.params));
    return listing.length > 0 ? { status: 200, body: listing } : NOT_FOUND;
  }),
];
