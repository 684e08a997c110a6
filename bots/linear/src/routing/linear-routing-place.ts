import { REQUEST_CONTEXT_KEYS, type RoutingPlace, type SessionRequest } from "@baton/core";

/**
 * A Linear request's place, as routing learns it: the project when it has one (the
 * catalog's `linear.projects.<name>`), else its team (`linear.teams.<key>`), the order in which
 * the catalog's own mappings are read.
 */
export function linearRoutingPlace(request: SessionRequest): RoutingPlace | undefined {
  const { conversation, context } = request;
  if (conversation.platform !== "linear") return undefined;
  const project = context[REQUEST_CONTEXT_KEYS.linearProject]?.trim();
  if (project) {
    return {
      key: `linear:project:${encodeURIComponent(project.toLowerCase())}`,
      label: `the Linear project "${project}"`,
      catalogPath: ["linear", "projects", project],
    };
  }
  const team = context[REQUEST_CONTEXT_KEYS.linearTeam]?.trim();
  if (!team) return undefined;
  return {
    key: `linear:team:${encodeURIComponent(team.toLowerCase())}`,
    label: `the Linear team ${team}`,
    catalogPath: ["linear", "teams", team],
  };
}
