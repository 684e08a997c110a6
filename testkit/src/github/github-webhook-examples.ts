import { createRequire } from "node:module";

interface WebhookExamples {
  name: string;
  examples: Array<Record<string, unknown> & { action?: string }>;
}

const require = createRequire(import.meta.url);
let examples: WebhookExamples[] | undefined;

/**
 * A deep copy of a real webhook payload from `@octokit/webhooks-examples` (GitHub's own examples,
 * the ones Octokit's types are generated from), so builders start from GitHub's exact shape and size.
 */
export function webhookExample(event: string, action: string): Record<string, unknown> {
  examples ??= require("@octokit/webhooks-examples/api.github.com/index.json") as WebhookExamples[];
  const example = examples.find((entry) => entry.name === event)?.examples.find((e) => e.action === action);
  if (!example) throw new Error(`@octokit/webhooks-examples has no ${event}.${action} example`);
  return structuredClone(example);
}
