// Who owns a piece of code a profile names, for the profile summaries (summarize-cpu-profile.mjs,
// summarize-perf.mjs): an npm package, or one of Baton's workspaces and its module. A location is
// a script URL or path, or a perf frame that contains one.

/** `ioredis`, `@octokit/request`: the package under node_modules a location is in, or null. */
export function packageOf(location) {
  return location.match(/node_modules\/((?:@[^/\s]+\/)?[^/\s]+)\//)?.[1] ?? null;
}

/**
 * `{ workspace: "core", module: "budget/rate-budget.js" }`: the Baton workspace (built or source)
 * a location is in, or null. Packages win: a location under node_modules is never Baton's.
 */
export function batonModuleOf(location) {
  if (packageOf(location) !== null) return null;
  const inWorkspace = location.match(
    /\/(core|queue|bots\/[^/\s]+|backends|server|testkit)\/(?:dist|src)\/([^:\s]+)/,
  );
  return inWorkspace ? { workspace: inWorkspace[1], module: inWorkspace[2] } : null;
}
