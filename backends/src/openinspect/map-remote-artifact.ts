import type { Artifact } from "@baton/core";

/**
 * An Open-Inspect artifact as Baton shows it: a `pr` is a pull request, a `branch` a branch, and
 * screenshots, videos and previews are links. Artifacts without a URL are left out (nothing to open).
 */
export function mapRemoteArtifact(input: {
  type: string;
  url?: string | null;
  metadata?: Record<string, unknown> | null;
}): Artifact | undefined {
  if (!input.url || !URL.canParse(input.url)) return undefined;
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
