import {
  buildRepositoryProfile,
  PACKAGE_MANIFESTS,
  type RepositoryProfile,
  readCodeowners,
  readPackageName,
} from "@baton/core";
import type { InstallationOctokit } from "../octokit/create-installation-octokits.js";

/** Where GitHub looks for CODEOWNERS, in its order. */
const CODEOWNERS_PATHS = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"];
/** Top-level folders read into a profile; a repository with more is read in name order. */
const MAX_FOLDERS = 40;

/** The head commit of `branch`, which says whether a stored profile is still current. */
export async function readBranchHead(
  octokit: InstallationOctokit,
  repo: string,
  branch: string,
): Promise<string | undefined> {
  const [owner = "", name = ""] = repo.split("/");
  const head = await orMissing(
    octokit.request("GET /repos/{owner}/{repo}/branches/{branch}", { owner, repo: name, branch }),
  );
  return head?.data.commit.sha;
}

/**
 * What `repo` says it is about, read through the contents API at its default branch: the README's
 * opening, the top-level folders, the package manifests' names, CODEOWNERS' teams, the languages.
 * A file that is missing costs its words, never the profile.
 */
export async function readRepositoryProfile(
  octokit: InstallationOctokit,
  { repo, revision, now }: { repo: string; revision: string | undefined; now: Date },
): Promise<RepositoryProfile> {
  const [owner = "", name = ""] = repo.split("/");
  const params = { owner, repo: name };
  const raw = { headers: { accept: "application/vnd.github.raw+json" } };
  const sources: string[] = [];
  const readme = await orMissing(octokit.request("GET /repos/{owner}/{repo}/readme", { ...params, ...raw }));
  if (readme) sources.push("README");
  const root = await orMissing(
    octokit.request("GET /repos/{owner}/{repo}/contents/{path}", { ...params, path: "" }),
  );
  const entries = Array.isArray(root?.data) ? root.data : [];
  const folders = entries
    .filter((e) => e.type === "dir")
    .map((e) => e.name)
    .slice(0, MAX_FOLDERS);
  if (folders.length > 0) sources.push("top-level folders");
  const files = new Set(entries.filter((e) => e.type === "file").map((e) => e.name));
  const packages: string[] = [];
  for (const manifest of PACKAGE_MANIFESTS) {
    if (!files.has(manifest)) continue;
    const text = await readText(octokit, params, manifest);
    const packageName = text === undefined ? undefined : readPackageName(manifest, text);
    if (packageName) {
      packages.push(packageName);
      sources.push(manifest);
    }
  }
  let owners: string[] = [];
  for (const path of CODEOWNERS_PATHS) {
    const text = await readText(octokit, params, path);
    if (text === undefined) continue;
    owners = readCodeowners(text);
    sources.push(path);
    break;
  }
  const languages = await orMissing(octokit.request("GET /repos/{owner}/{repo}/languages", params));
  return buildRepositoryProfile({
    repo,
    readme: readme ? String(readme.data) : undefined,
    folders,
    packages,
    owners,
    languages: Object.keys(languages?.data ?? {}),
    revision,
    sources,
    now,
  });
}

async function readText(
  octokit: InstallationOctokit,
  params: { owner: string; repo: string },
  path: string,
): Promise<string | undefined> {
  const file = await orMissing(
    octokit.request("GET /repos/{owner}/{repo}/contents/{path}", {
      ...params,
      path,
      headers: { accept: "application/vnd.github.raw+json" },
    }),
  );
  return file === undefined ? undefined : String(file.data);
}

/** The response, or undefined for GitHub's 404 (the file or branch is not there); other errors throw. */
async function orMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}
