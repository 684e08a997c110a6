import { createKeepAliveFetch, fetchInputUrl } from "@baton/core";
import type { SlackBudgets } from "./budget/slack-budgets.js";

/**
 * The `fetch` under Baton's Slack `WebClient` (and Bolt's `respond`): core's keep-alive fetch (a
 * Web API call is a short POST whose answer is read whole), with each call waiting for its
 * workspace's budgets first and a 429 pausing them for every worker.
 */
export function createSlackFetch({
  timeoutMs,
  budgets,
}: {
  timeoutMs: number;
  /** The workspace's rate budgets: each call waits for its own, and a 429 pauses it for every worker. */
  budgets?: SlackBudgets;
}): typeof fetch {
  const send = createKeepAliveFetch({ timeoutMs });

  async function slackFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const url = fetchInputUrl(input);
    const buckets = budgets && url !== null ? bucketsOfCall(budgets, url, init?.body) : [];
    if (budgets && buckets.length > 0)
      await budgets.replyBudget.beforeRequest(buckets, init?.signal ?? undefined);
    const answered = await send(input, init);
    const retryAfter = answered.status === 429 ? Number(answered.headers.get("retry-after")) : Number.NaN;
    if (budgets && Number.isFinite(retryAfter))
      for (const bucket of buckets) await budgets.replyBudget.refused(bucket, retryAfter * 1000);
    return answered;
  }
  return slackFetch as typeof fetch;
}

/**
 * The budgets a Web API call draws on: its method's, or for a method limited per channel
 * (chat.postMessage, assistant.threads.setStatus) its channel's.
 */
function bucketsOfCall(budgets: SlackBudgets, url: string, body: RequestInit["body"]) {
  const method = url.slice(url.lastIndexOf("/") + 1).split("?")[0] ?? "";
  return budgets.bucketsOf(method, () => {
    if (typeof body !== "string") return undefined;
    // WebClient sends a form (JSON for a few methods); read the channel only for the methods
    // limited per channel. The assistant methods name it `channel_id`.
    if (!body.startsWith("{")) {
      const form = new URLSearchParams(body);
      return form.get("channel") ?? form.get("channel_id") ?? undefined;
    }
    try {
      const parsed = JSON.parse(body) as { channel?: string; channel_id?: string };
      return parsed.channel ?? parsed.channel_id;
    } catch {
      return undefined;
    }
  });
}
