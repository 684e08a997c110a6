import { createKeepAliveFetch, fetchInputUrl, type ReplyClaim } from "@baton/core";
import type { SlackBudgets } from "./budget/slack-budgets.js";

/**
 * How often a call Slack refused (429) is sent again here, each time once its budget allows:
 * the refusal paused that budget for every worker, so the call waits for it alone.
 */
export const SLACK_REFUSED_RESENDS = 2;

/**
 * The `fetch` under Baton's Slack `WebClient` (and Bolt's `respond`): core's keep-alive fetch (a
 * Web API call is a short POST whose answer is read whole), with each call waiting for its
 * workspace's budgets first and a 429 pausing them for every worker.
 *
 * With budgets, a call Slack refuses is sent again here once its budget allows, and WebClient
 * sees a 429 only when the resends are spent (it is then told to fail the call:
 * `rejectRateLimitedCalls`, see slackClientOptions). WebClient waits out a 429 it sees by pausing
 * its whole queue: every call of the workspace in this process, a result in another channel
 * included, would wait out one status line's refusal.
 */
export function createSlackFetch({
  timeoutMs,
  budgets,
  replyOf,
  send = createKeepAliveFetch({ timeoutMs }),
}: {
  timeoutMs: number;
  /** The workspace's rate budgets: each call waits for its own, and a 429 pauses it for every worker. */
  budgets?: SlackBudgets;
  /** The reply the client's calls are made for now (`SlackReplyClients`); urgent without it. */
  replyOf?: () => ReplyClaim | undefined;
  /** What sends the calls: a keep-alive fetch of its own unless clients share one (and its connections). */
  send?: typeof fetch;
}): typeof fetch {
  async function slackFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const url = fetchInputUrl(input);
    const buckets = budgets && url !== null ? bucketsOfCall(budgets, url, init?.body) : [];
    if (!budgets || buckets.length === 0) return send(input, init);
    const signal = init?.signal ?? undefined;
    const reply = replyOf?.();
    for (let resends = 0; ; resends += 1) {
      await budgets.replyBudget.beforeRequest(buckets, reply, signal);
      const answered = await send(input, init);
      const retryAfter = answered.status === 429 ? Number(answered.headers.get("retry-after")) : Number.NaN;
      if (!Number.isFinite(retryAfter)) return answered;
      for (const bucket of buckets) await budgets.replyBudget.refused(bucket, retryAfter * 1000);
      if (resends === SLACK_REFUSED_RESENDS || !canSendAgain(init?.body)) return answered;
      await answered.body?.cancel();
    }
  }
  return slackFetch as typeof fetch;
}

/** A body that can be sent twice: WebClient's form or JSON text, not a stream (a file upload). */
function canSendAgain(body: RequestInit["body"]): boolean {
  return body === undefined || body === null || typeof body === "string" || body instanceof URLSearchParams;
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
