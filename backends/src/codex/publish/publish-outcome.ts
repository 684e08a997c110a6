import type { ChangedFile } from "../codex-backend-ports.js";

/** Why a remote refused a push. */
export type PushRefusedReason = "protected" | "moved" | "auth" | "other";

/** What publishing a turn did in one repository. */
export type PublishOutcome =
  | { repo: string; kind: "no_changes" }
  | {
      repo: string;
      kind: "pushed";
      branch: string;
      commit: string;
      files: ChangedFile[];
      /** The branch on the web (GitHub); absent for a remote outside GitHub. */
      branchUrl?: string;
      pullRequest?: { number: number; url: string; opened: boolean };
      /** GitHub would not open or update the pull request: why, in its words. */
      pullRequestRefused?: string;
    }
  | { repo: string; kind: "push_refused"; reason: PushRefusedReason; message: string };
