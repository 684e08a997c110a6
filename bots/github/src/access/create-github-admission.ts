import {
  type AdmitTurn,
  type Catalog,
  describeTarget,
  type Target,
  type Turn,
  type TurnAdmission,
} from "@baton/core";
import { type GithubTurn, githubThreadOf } from "../replier/github-thread.js";
import type { GithubSettingsReader } from "../settings/create-github-settings-reader.js";
import { GITHUB_SETTINGS_PATH, type GithubRepoSettings } from "../settings/github-repo-settings.js";
import type { PermissionCheck } from "./create-permission-check.js";

const notAWriter = (needs: string) =>
  `Baton only takes requests from people with ${needs} access to this repository (or on its allowlist).`;

/**
 * The GitHub access policy, run by the worker before a turn does anything: the repository's
 * `.github/baton.yml` must leave Baton on and ask for this
 * trigger; the person must be able to write to the repository, and to every other repository the
 * turn will work in: the target they name, else that of the session the turn continues (which it
 * keeps), else the repository's default environment. The admitted turn carries the repository's
 * instructions, model and default environment.
 */
export function createGithubAdmission({
  settings: repoSettings,
  permissions,
  catalog,
  continuedTarget,
  resolveNamed = async () => undefined,
}: {
  settings: GithubSettingsReader;
  permissions: PermissionCheck;
  catalog: Catalog;
  /** The target of the session the turn continues (its conversation's, or its pull request's), if any. */
  continuedTarget: (turn: GithubTurn) => Promise<Target | undefined>;
  /** What a named target the file does not list resolves to now (a repository only the App lists). */
  resolveNamed?: (text: string) => Promise<Target | undefined>;
}): AdmitTurn<"github"> {
  /** Repositories the person's named target reaches beyond the one they asked in. */
  function otherRepositories(target: Target | undefined, repo: string): string[] {
    if (!target) return [];
    const repos =
      target.kind === "repository"
        ? [target.repo]
        : target.kind === "environment"
          ? (catalog.environments.find((env) => env.id === target.id)?.repositories ?? [])
          : [];
    return repos.filter((other) => other.toLowerCase() !== repo.toLowerCase());
  }

  function decline(reason: string | null, why: string): TurnAdmission {
    return { kind: "declined", reason, why };
  }

  return async function admitGithubTurn(turn) {
    const { installationId, owner, repo, replyTo } = githubThreadOf(turn);
    const fullName = `${owner}/${repo}`;
    const trigger = replyTo.trigger ?? "mention";
    const settings = await repoSettings.read({ installationId, owner, repo });
    if (!settings.enabled)
      return decline(
        trigger === "mention" ? "Baton is turned off in this repository (`.github/baton.yml`)." : null,
        "disabled",
      );
    if (trigger === "label" && replyTo.label?.toLowerCase() !== settings.triggerLabel.toLowerCase())
      return decline(null, "other_label");
    if (trigger === "auto_review" && !settings.autoReview) return decline(null, "auto_review_off");

    const login = turn.request.actor.id;
    const here = await permissions.canWrite({ installationId, repo: fullName, login });
    if (!here.canWrite)
      return decline(trigger === "auto_review" ? null : notAWriter(here.needs), "not_a_writer");
    const hint = turn.request.hints.target;
    // A `!repo` the file does not know still resolves in the worker (to a repository only the App
    // lists): its writers are asked here like those of any other named repository.
    const named = !hint || hint.implied ? undefined : (hint.target ?? (await resolveNamed(hint.text)));
    const continued = named ? undefined : await continuedTarget(turn);
    const environment = defaultEnvironmentOf(settings, fullName, catalog);
    const reach: { target: Target; asked: (target: string) => string } | undefined = named
      ? { target: named, asked: (target) => `You asked for work in ${target}` }
      : continued
        ? { target: continued, asked: (target) => `This conversation works in ${target}` }
        : environment
          ? {
              target: { kind: "environment", id: environment.id },
              asked: (target) => `This repository works in ${target} (\`${GITHUB_SETTINGS_PATH}\`)`,
            }
          : undefined;
    for (const other of otherRepositories(reach?.target, fullName)) {
      const there = await permissions.canWrite({ installationId, repo: other, login });
      if (!there.canWrite && reach)
        return decline(
          `${reach.asked(describeTarget(reach.target))}, but you cannot write to ${other}.`,
          "not_a_writer_there",
        );
    }
    return { kind: "admitted", turn: applySettings(turn, settings, fullName, catalog) };
  };
}

/** The environment `.github/baton.yml` names as the repository's default, when the repository is one of its own. */
function defaultEnvironmentOf(settings: GithubRepoSettings, repo: string, catalog: Catalog) {
  const environment = settings.defaultEnvironment
    ? catalog.environments.find((env) => env.id === settings.defaultEnvironment)
    : undefined;
  return environment?.repositories.some((r) => r.toLowerCase() === repo.toLowerCase())
    ? environment
    : undefined;
}

/** The repository's settings, applied to the request: its default environment, model and instructions. */
function applySettings(turn: GithubTurn, settings: GithubRepoSettings, repo: string, catalog: Catalog): Turn {
  const { request } = turn;
  let target = request.hints.target;
  const environment = defaultEnvironmentOf(settings, repo, catalog);
  if (target?.implied && environment)
    target = { text: repo, target: { kind: "environment", id: environment.id }, implied: true };
  const model = request.hints.model ?? settings.model;
  // Baton's addition, not the person's words: it goes with the request's background.
  const background = settings.instructions
    ? [
        ...(request.background ?? []),
        {
          label: `Repository instructions (${GITHUB_SETTINGS_PATH})`,
          text: `<repository-instructions source="${GITHUB_SETTINGS_PATH}">\n${settings.instructions}\n</repository-instructions>`,
        },
      ]
    : request.background;
  return {
    ...turn,
    request: {
      ...request,
      ...(background ? { background } : {}),
      hints: { ...request.hints, ...(target ? { target } : {}), ...(model ? { model } : {}) },
    },
  };
}
