// The contract lives in core (the GitHub bot provides it, backends use it); kept here as a
// re-export so the workspace code and its importers keep their paths.
export type { RepositoryTokenProvider } from "@baton/core";
