import type { Actor, Target } from "@baton/core";
import type { CreateSessionBody, OpenInspectClient } from "./create-openinspect-client.js";
import type { OpenInspectResult } from "./openinspect-result.js";

const TITLE_MAX_CHARS = 80;

/** The repositories of an environment Baton's catalog knows, to describe it to a control plane that does not. */
export type EnvironmentRepositories = (
  environmentId: string,
) => Array<{ repo: string; branch?: string }> | undefined;

/**
 * Opens the remote session of a Baton session: for a repository (and branch), an environment id,
 * or no repository, with the requester as actor. An environment the control plane does not know
 * is sent again as the list of its repositories from Baton's catalog.
 */
export async function openRemoteSession({
  client,
  target,
  requester,
  model,
  prompt,
  environmentRepositories,
  signal,
}: {
  client: OpenInspectClient;
  target: Target;
  requester: Actor;
  model?: string;
  prompt: string;
  environmentRepositories?: EnvironmentRepositories;
  signal?: AbortSignal;
}): Promise<OpenInspectResult<string>> {
  const common: CreateSessionBody = {
    title: firstLine(prompt),
    model,
    actorDisplayName: requester.name,
    actorEmail: requester.email,
  };
  const created = await client.createSession({ ...common, ...targetFields(target) }, requester, signal);
  if (created.ok) return { ok: true, value: created.value.sessionId };
  const repositories = target.kind === "environment" ? environmentRepositories?.(target.id) : undefined;
  if (
    (created.kind === "not_found" || created.kind === "rejected") &&
    repositories &&
    repositories.length > 0
  ) {
    const retried = await client.createSession(
      {
        ...common,
        repositories: repositories.map(({ repo, branch }) => ({ ...splitRepo(repo), baseBranch: branch })),
      },
      requester,
      signal,
    );
    return retried.ok ? { ok: true, value: retried.value.sessionId } : retried;
  }
  return created;
}

function targetFields(target: Target): CreateSessionBody {
  switch (target.kind) {
    case "repository": {
      const { repoOwner, repoName } = splitRepo(target.repo);
      return { repoOwner, repoName, branch: target.branch };
    }
    case "environment":
      return { environmentId: target.id };
    case "none":
      return {};
  }
}

function splitRepo(repo: string): { repoOwner: string; repoName: string } {
  const [repoOwner = "", repoName = ""] = repo.split("/");
  return { repoOwner, repoName };
}

function firstLine(prompt: string): string | undefined {
  const line = prompt.trim().split("\n")[0]?.trim() ?? "";
  if (line.length === 0) return undefined;
  return line.length > TITLE_MAX_CHARS ? `${line.slice(0, TITLE_MAX_CHARS - 1)}…` : line;
}
