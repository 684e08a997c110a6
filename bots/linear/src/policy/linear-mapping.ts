import {
  type Catalog,
  type MappingMatch,
  type RequestOf,
  readContextList,
  type Target,
  type TargetResolver,
} from "@baton/core";
import { type LinearMapping, linearCatalogOf } from "./linear-catalog.js";
import { LINEAR_CONTEXT_KEYS } from "./linear-context.js";

interface LinearEntry {
  target: Target;
  labels: string[];
}

/**
 * `linear.projects`, then `linear.teams` (by key, then by name), each entry with an optional label
 * filter: the first entry whose filter the labels pass wins.
 */
export function createLinearMapping(
  catalog: Catalog,
  resolve: TargetResolver,
): (request: RequestOf<"linear">) => MappingMatch | undefined {
  const byName = (section: Record<string, LinearMapping>) =>
    new Map(
      Object.entries(section).map(([name, mapping]) => [
        name.trim().toLowerCase(),
        linearEntries(mapping, resolve),
      ]),
    );
  const { projects: projectSection, teams: teamSection } = linearCatalogOf(catalog);
  const projects = byName(projectSection);
  const teams = byName(teamSection);
  return ({ context }) => {
    const labels = new Set(readContextList(context, LINEAR_CONTEXT_KEYS.labels).map((l) => l.toLowerCase()));
    const project = context[LINEAR_CONTEXT_KEYS.project];
    const byProject =
      project === undefined ? undefined : pickLinearEntry(projects.get(project.trim().toLowerCase()), labels);
    if (byProject) return { target: byProject, reason: `The Linear project "${project}" is mapped to it.` };
    for (const key of [LINEAR_CONTEXT_KEYS.team, LINEAR_CONTEXT_KEYS.teamName]) {
      const team = context[key];
      const byTeam =
        team === undefined ? undefined : pickLinearEntry(teams.get(team.trim().toLowerCase()), labels);
      if (byTeam) return { target: byTeam, reason: `The Linear team ${team} is mapped to it.` };
    }
    return undefined;
  };
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
