import type { ClassifySample } from "@baton/core";

/** `baton classify` as if delegated in Linear: its team and labels come with `--context linear.team=ENG`. */
export const linearClassifySample: ClassifySample = {
  flags: [
    "  (linear)     its team and labels come as --context linear.team=ENG or --context linear.labels=bug",
  ],
  conversation: () => ({
    kind: "sample",
    conversation: { platform: "linear", organizationId: "cli", issueId: "cli", agentSessionId: "cli" },
    context: {},
  }),
};
