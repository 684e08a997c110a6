import { createKeepAliveFetch, type Logger, type ReplyClaim, URGENT_REPLY } from "@baton/core";
import { LogLevel, WebClient } from "@slack/web-api";
import type { SlackBudgets } from "./budget/slack-budgets.js";
import { SLACK_REQUEST_TIMEOUT_MS, slackClientOptions } from "./slack-client-options.js";
import { toBoltLogger } from "./to-bolt-logger.js";

/**
 * The workspace's Web API clients by the reply their calls are made for. A call's budget wait
 * counts at its reply's priority (a result before progress), which `WebClient` has no per-call
 * option to carry down to its fetch: so a reply that is not urgent borrows a client of its own
 * for as long as it runs, whose fetch knows the reply.
 */
export interface SlackReplyClients {
  /** The client for urgent calls, which most are (Bolt's own). */
  readonly urgent: WebClient;
  /**
   * Runs `work` with a client whose calls are made for `reply` (the urgent client without one).
   * The client is lent until `work` settles: every call of it must be awaited within.
   */
  as<T>(reply: ReplyClaim | undefined, work: (client: WebClient) => Promise<T>): Promise<T>;
}

export function createSlackReplyClients({
  urgent,
  budgets,
  logger,
}: {
  /** The workspace's client (Bolt's): a lent client calls the same API with the same token. */
  urgent: WebClient;
  budgets: SlackBudgets | undefined;
  logger: Logger;
}): SlackReplyClients {
  // Without budgets a call's priority changes nothing: every reply uses the one client.
  if (!budgets) return { urgent, as: (_reply, work) => work(urgent) };
  // Lent clients, kept for the next reply: building a WebClient costs about 50 µs, and at most as
  // many exist as replies that are not urgent run at once. They send through one keep-alive fetch:
  // a pool of connections each would open (and let time out) far more connections than the calls need.
  const idle: Array<{ client: WebClient; lend(reply: ReplyClaim | undefined): void }> = [];
  const send = createKeepAliveFetch({ timeoutMs: SLACK_REQUEST_TIMEOUT_MS });
  function borrow() {
    const kept = idle.pop();
    if (kept) return kept;
    let lentTo: ReplyClaim | undefined;
    const client = new WebClient(urgent.token, {
      ...slackClientOptions({ apiUrl: urgent.slackApiUrl, budgets, replyOf: () => lentTo, send }),
      logger: toBoltLogger(logger),
      logLevel: LogLevel.WARN,
    });
    return {
      client,
      lend(reply: ReplyClaim | undefined) {
        lentTo = reply;
      },
    };
  }
  return {
    urgent,
    async as(reply, work) {
      if (!reply || reply === URGENT_REPLY) return work(urgent);
      const lent = borrow();
      lent.lend(reply);
      try {
        return await work(lent.client);
      } finally {
        lent.lend(undefined);
        idle.push(lent);
      }
    },
  };
}
