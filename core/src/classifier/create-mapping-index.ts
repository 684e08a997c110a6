import type { Catalog, LinearMapping } from "../config/catalog.js";
import type { TargetResolver } from "../config/create-target-resolver.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { Target } from "../schemas/target.js";
import { REQUEST_CONTEXT_KEYS, readContextList } from "./request-context.js";

export interface MappingMatch {
  target: Target;
  reason: string;
}

/** Step 3 of the ladder: where the conversation happens says where the work is. */
export interface MappingIndex {
  mapRequest(request: SessionRequest): MappingMatch | undefined;
}

interface LinearEntry {
  target: Target;
  labels: string[];
}

/**
 * Slack channel associations (by channel id or name); Linear project mappings, then team mappings,
 * each with an optional label filter; GitHub: the repository's default environment when that
 * environment contains it, else the repository the event came from.
 */
export function createMappingIndex(catalog: Catalog, resolve: TargetResolver): MappingIndex {
  const channels = new Map<string, Target>();
  for (const [channel, entry] of Object.entries(catalog.slack.channels)) {
    const target = entry.target === undefined ? undefined : resolve(entry.target);
    if (target) channels.set(channelKey(channel), target);
  }
  const linearMap = (section: Record<string, LinearMapping>) =>
    new Map(
      Object.entries(section).map(([name, mapping]) => [
        name.trim().toLowerCase(),
        linearEntries(mapping, resolve),
      ]),
    );
  const projects = linearMap(catalog.linear.projects);
  const teams = linearMap(catalog.linear.teams);
  const githubDefaults = new Map<string, Target>();
  for (const [repo, entry] of Object.entries(catalog.github.repositories)) {
    const target =
      entry.defaultEnvironment === undefined ? undefined : resolve(`env:${entry.defaultEnvironment}`);
    if (target) githubDefaults.set(repo.toLowerCase(), target);
  }

  return {
    mapRequest(request) {
      const { conversation, context } = request;
      switch (conversation.platform) {
        case "slack": {
          const name = context[REQUEST_CONTEXT_KEYS.slackChannelName];
          for (const key of [conversation.channelId, name]) {
            const target = key === undefined ? undefined : channels.get(channelKey(key));
            if (target)
              return {
                target,
                reason: `The Slack channel ${name ? `#${name.replace(/^#/, "")}` : key} is associated with it.`,
              };
          }
          return undefined;
        }
        case "linear": {
          const labels = new Set(
            readContextList(context, REQUEST_CONTEXT_KEYS.linearLabels).map((l) => l.toLowerCase()),
          );
          const project = context[REQUEST_CONTEXT_KEYS.linearProject];
          const byProject =
            project === undefined
              ? undefined
              : pickLinearEntry(projects.get(project.trim().toLowerCase()), labels);
          if (byProject)
            return { target: byProject, reason: `The Linear project "${project}" is mapped to it.` };
          for (const key of [REQUEST_CONTEXT_KEYS.linearTeam, REQUEST_CONTEXT_KEYS.linearTeamName]) {
            const team = context[key];
            const byTeam =
              team === undefined ? undefined : pickLinearEntry(teams.get(team.trim().toLowerCase()), labels);
            if (byTeam) return { target: byTeam, reason: `The Linear team ${team} is mapped to it.` };
          }
          return undefined;
        }
        case "github": {
          const repo = `${conversation.owner}/${conversation.repo}`;
          const environment = githubDefaults.get(repo.toLowerCase());
          if (environment)
            return {
              target: environment,
              reason: `${repo}, where this was asked, defaults to this environment.`,
            };
          const listed = resolve(repo);
          return {
            target: listed ?? { kind: "repository", repo },
            reason: `The conversation is in ${repo}${listed ? "" : " (not listed in the catalog)"}.`,
          };
        }
        default: {
          const unreachable: never = conversation;
          throw new Error(`unknown platform in ${JSON.stringify(unreachable)}`);
        }
      }
    },
  };
}

function channelKey(channel: string): string {
  return channel.trim().replace(/^#/, "").toLowerCase();
}

function linearEntries(mapping: LinearMapping, resolve: TargetResolver): LinearEntry[] {
  return (Array.isArray(mapping) ? mapping : [mapping]).flatMap((entry) => {
    const { target: ref, labels } = typeof entry === "string" ? { target: entry, labels: [] } : entry;
    const target = resolve(ref);
    return target ? [{ target, labels: labels.map((l) => l.toLowerCase()) }] : [];
  });
}

function pickLinearEntry(
  entries: LinearEntry[] | undefined,
  labels: ReadonlySet<string>,
): Target | undefined {
  return entries?.find((entry) => entry.labels.length === 0 || entry.labels.some((l) => labels.has(l)))
    ?.target;
}
