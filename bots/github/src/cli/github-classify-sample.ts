import type { ClassifySample } from "@baton/core";
import { GITHUB_CONTEXT_KEYS } from "../policy/github-context.js";

const REPOSITORY = /^[\w.-]+\/[\w.-]+$/;

/** `baton classify` as if commented on an issue of `--repo`, which every GitHub request names. */
export const githubClassifySample: ClassifySample = {
  flags: ["  --repo       GitHub: the repository the comment was made in (required with --platform github)"],
  conversation({ repo: given }) {
    if (!given || !REPOSITORY.test(given))
      return {
        kind: "usage",
        problem: "--platform github needs --repo OWNER/NAME, the repository the comment was made in.",
      };
    const [owner = "", repo = ""] = given.split("/");
    return {
      kind: "sample",
      conversation: { platform: "github", installationId: 0, owner, repo, number: 1 },
      context: { [GITHUB_CONTEXT_KEYS.repository]: `${owner}/${repo}` },
    };
  },
};
