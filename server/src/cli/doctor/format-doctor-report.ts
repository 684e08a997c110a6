import type { DoctorCheckResult, DoctorFinding } from "./doctor-check.js";

const MARKS: Record<DoctorFinding["kind"], string> = { ok: "✓", off: "-", warning: "!", problem: "✗" };

/** The report: a title per check, a marked line per finding with its fix under it, a verdict. */
export function formatDoctorReport(results: readonly DoctorCheckResult[]): string[] {
  const lines: string[] = [];
  for (const result of results) {
    if (result.kind === "not_applicable") continue;
    lines.push(result.title);
    for (const finding of result.findings) {
      lines.push(`  ${MARKS[finding.kind]} ${finding.text}`);
      if (finding.kind === "warning" || finding.kind === "problem") lines.push(`    fix: ${finding.fix}`);
    }
    lines.push("");
  }
  const { problems, warnings } = countFindings(results);
  lines.push(
    problems > 0
      ? `${plural(problems, "problem")} to fix${warnings > 0 ? `, ${plural(warnings, "warning")}` : ""}.`
      : `Nothing to fix${warnings > 0 ? ` (${plural(warnings, "warning")})` : ""}.`,
  );
  return lines;
}

export function countFindings(results: readonly DoctorCheckResult[]): { problems: number; warnings: number } {
  const findings = results.flatMap((result) => (result.kind === "checked" ? result.findings : []));
  return {
    problems: findings.filter((finding) => finding.kind === "problem").length,
    warnings: findings.filter((finding) => finding.kind === "warning").length,
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
