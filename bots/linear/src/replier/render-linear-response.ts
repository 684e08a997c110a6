import { type Artifact, describeTarget, type TurnOutcome } from "@baton/core";

const ARTIFACT_LABELS: Record<Artifact["kind"], string> = {
  pull_request: "Pull request",
  branch: "Branch",
  commit: "Commit",
  link: "Link",
  file: "File",
};

function renderArtifact(artifact: Artifact): string {
  const label = ARTIFACT_LABELS[artifact.kind];
  return artifact.url ? `- ${label}: [${artifact.title}](${artifact.url})` : `- ${label}: ${artifact.title}`;
}

/**
 * The body of the `response` activity that ends a turn: the summary (Linear renders the
 * platform-neutral markdown subset as is), pull requests and other artifacts, and the share link.
 */
export function renderLinearResponse(outcome: TurnOutcome, shareUrl: string | null): string {
  const parts: string[] = [];
  if (outcome.status === "stopped") parts.push("**Stopped.** The run was stopped before it finished.");
  if (outcome.summary.trim()) parts.push(outcome.summary.trim());
  if (outcome.artifacts.length > 0) parts.push(outcome.artifacts.map(renderArtifact).join("\n"));
  const footer = [`Worked in ${describeTarget(outcome.target)} with ${outcome.backend}.`];
  if (shareUrl) footer.push(`[Open the session transcript](${shareUrl})`);
  parts.push(footer.join(" "));
  return parts.join("\n\n");
}
