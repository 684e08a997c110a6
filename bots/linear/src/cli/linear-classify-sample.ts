import type { ClassifySample } from "@baton/core";
import { LINEAR_CONTEXT_KEYS } from "../policy/linear-context.js";

/** `baton classify` as if delegated in Linear: its team and labels come with `--context linear.team=ENG`. */
export const linearClassifySample: ClassifySample = {
  flags: [
    `  (linear)     its team and labels come as --context ${LINEAR_CONTEXT_KEYS.team}=ENG or --context ${LINEAR_CONTEXT_KEYS.labels}=bug`,
  ],
  conversation: () => ({
    kind: "sample",
    conversation: { platform: "linear", organizationId: "cli", issueId: "cli", agentSessionId: "cli" },
    context: {},
  }),
};
