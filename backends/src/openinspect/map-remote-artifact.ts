import type { Artifact } from "@baton/core";

/** Screenshots and videos: their `url` is a key in the control plane's storage, not a URL anyone can open. */
export function isMediaArtifact(type: string): boolean {
  return type === "screenshot" || type === "video";
}

/**
 * An Open-Inspect artifact as Baton shows it: a `pr` is a pull request, a `branch` a branch, and
 * previews are links. Artifacts without a URL are left out (nothing to open), and so are
 * screenshots and videos (see `isMediaArtifact`; the prompt's progress links them to the session).
 */
export function mapRemoteArtifact(input: {
  type: string;
  url?: string | null;
  metadata?: Record<string, unknown> | null;
}): Artifact | undefined {
  if (isMediaArtifact(input.type) || !input.url || !URL.canParse(input.url)) return undefined;
  const metadata = input.metadata ?? {};
  const text = (key: string) => (typeof metadata[key] === "string" ? (metadata[key] as string) : undefined);
  switch (input.type) {
    case "pr": {
      const number = metadata.number ?? metadata.prNumber;
      const repo =
        text("repoOwner") && text("repoName") ? `${text("repoOwner")}/${text("repoName")}` : undefined;
      const title =
        text("title") ??
        (number !== undefined ? `Pull request ${repo ?? ""}#${String(number)}` : "Pull request");
      return { kind: "pull_request", url: input.url, title };
    }
    case "branch":
      return { kind: "branch", url: input.url, title: text("name") ?? text("head") ?? "Branch" };
    default:
      return { kind: "link", url: input.url, title: text("title") ?? capitalize(input.type) };
  }
}

function capitalize(word: string): string {
  return word.length === 0 ? "Link" : `${word[0]!.toUpperCase()}${word.slice(1)}`;
}
