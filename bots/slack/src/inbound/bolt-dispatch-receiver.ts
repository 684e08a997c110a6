import type { App, Receiver } from "@slack/bolt";

/** What Bolt's listener answered with `ack()`: an HTTP status and an optional body. */
export interface BoltAck {
  status: number;
  body: string;
  contentType: string;
}

/**
 * A Bolt Receiver that owns no server: the gateway hands it verified, parsed payloads
 * (interactions, slash commands, options) and gets back what the listener acknowledged with.
 */
export class BoltDispatchReceiver implements Receiver {
  private app: App | undefined;

  init(app: App): void {
    this.app = app;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /** Resolves as soon as the listener acks (Slack wants the answer within 3 s), not when it ends. */
  dispatch(body: Record<string, unknown>, retry: { num?: number; reason?: string } = {}): Promise<BoltAck> {
    const app = this.app;
    if (!app) throw new Error("BoltDispatchReceiver used before the Bolt App was created with it.");
    return new Promise<BoltAck>((resolve, reject) => {
      let acked = false;
      const ack = async (response?: unknown) => {
        if (acked) return;
        acked = true;
        if (response === undefined || response === "")
          resolve({ status: 200, body: "", contentType: "text/plain" });
        else if (typeof response === "string")
          resolve({ status: 200, body: response, contentType: "text/plain" });
        else resolve({ status: 200, body: JSON.stringify(response), contentType: "application/json" });
      };
      app
        .processEvent({ body, ack, retryNum: retry.num, retryReason: retry.reason })
        .then(() => {
          if (!acked) ack();
        })
        .catch((error: unknown) => {
          if (!acked) reject(error);
        });
    });
  }
}
