/** An issue's parts, as the webhook or the API gives them. */
export interface IssuePromptParts {
  identifier: string;
  title: string;
  description?: string | null;
  labels?: readonly string[];
  comments?: readonly string[];
}

/** The prompt when Linear sent no `promptContext`: the issue's title, description, labels and comments. */
export function buildIssuePrompt({
  identifier,
  title,
  description,
  labels = [],
  comments = [],
}: IssuePromptParts): string {
  const parts = [`Issue ${identifier}: ${title}`];
  if (description?.trim()) parts.push(`Description:\n${description.trim()}`);
  if (labels.length > 0) parts.push(`Labels: ${labels.join(", ")}`);
  if (comments.length > 0)
    parts.push(`Comments (oldest first):\n${comments.map((c) => `- ${c.trim()}`).join("\n")}`);
  return parts.join("\n\n");
}
