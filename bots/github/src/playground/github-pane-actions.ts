import { z } from "zod";

/** What a person does in the GitHub pane, as the page posts it. */
export const githubPaneActionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("comment"),
    body: z.string().trim().min(1).max(65_536),
    /** A pull request Baton opened on the demo repository; the seeded one when absent. */
    pull: z.number().int().min(1).optional(),
  }),
  z.object({
    type: z.literal("review_comment"),
    body: z.string().trim().min(1).max(65_536),
    /** A line of the pull request's one changed file (new side). */
    line: z.number().int().min(1).max(1_000),
  }),
]);
export type GithubPaneAction = z.infer<typeof githubPaneActionSchema>;

/** The simulated pull request: one file's change, enough to comment on a line of it. */
export const PLAYGROUND_PULL = {
  repo: "acme/storefront",
  number: 7,
  title: "Add a refund button to the invoice page",
  body: "Customers keep asking support for refunds. This adds a button on the invoice page.",
  author: "ada",
  headRef: "refund-button",
  baseRef: "main",
  path: "src/invoices/refund-button.tsx",
  lines: [
    'import { refund } from "../payments/refund";',
    "",
    "export function RefundButton({ invoice }: { invoice: Invoice }) {",
    "  const onClick = () => refund(invoice.id, invoice.total);",
    "  return <button onClick={onClick}>Refund</button>;",
    "}",
  ],
} as const;

/** The diff hunk GitHub sends with a review comment: the hunk header and the lines up to the comment. */
export function diffHunkUpTo(line: number): string {
  const lines = PLAYGROUND_PULL.lines.slice(0, line).map((text) => `+${text}`);
  return [`@@ -0,0 +1,${PLAYGROUND_PULL.lines.length} @@`, ...lines].join("\n");
}
