/** How many invalid fields a summary names before it says how many more there are. */
export const SUMMARY_MAX_ISSUES = 5;

interface ValidationIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/**
 * An error as one readable line. A validation error (zod's, whose message is a JSON dump of its
 * issues, often hundreds of characters) becomes "invalid <fields>: <field> (<problem>), …", naming
 * each bad field; anything else is its message. Accepts the error, or the message a caller kept.
 */
export function summarizeError(error: unknown): string {
  const issues = validationIssues(error);
  if (issues) return summarizeIssues(issues);
  if (error instanceof Error) return error.message;
  return String(error);
}

function summarizeIssues(issues: ValidationIssue[]): string {
  const named = issues
    .slice(0, SUMMARY_MAX_ISSUES)
    .map((issue) => `${issue.path.map(String).join(".") || "(top level)"} (${oneLine(issue.message)})`);
  const more = issues.length > SUMMARY_MAX_ISSUES ? `, and ${issues.length - SUMMARY_MAX_ISSUES} more` : "";
  return `invalid ${issues.length === 1 ? "field" : "fields"}: ${named.join(", ")}${more}`;
}

function validationIssues(error: unknown): ValidationIssue[] | null {
  if (typeof error === "object" && error !== null && "issues" in error) {
    const issues = (error as { issues: unknown }).issues;
    return isIssueList(issues) ? issues : null;
  }
  // A ZodError's message, kept as a string by `error: errorMessage(e)`.
  if (typeof error === "string" && error.trimStart().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(error);
      return isIssueList(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}

function isIssueList(value: unknown): value is ValidationIssue[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (issue) =>
        typeof issue === "object" &&
        issue !== null &&
        Array.isArray((issue as ValidationIssue).path) &&
        typeof (issue as ValidationIssue).message === "string",
    )
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
