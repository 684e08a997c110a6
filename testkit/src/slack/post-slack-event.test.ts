import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verifySlackRequest } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import { postSlackEvent } from "./post-slack-event.js";
import { postSlackInteraction } from "./post-slack-interaction.js";
import { buildUrlVerification } from "./slack-event-builders.js";

const signingSecret = "test-signing-secret";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

// A stand-in receiver that checks signatures with Bolt, the way the real gateway will.
async function startVerifyingReceiver() {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    received.push({ headers: req.headers, body });
    try {
      verifySlackRequest({
        signingSecret,
        body,
        headers: {
          "x-slack-signature": String(req.headers["x-slack-signature"]),
          "x-slack-request-timestamp": Number(req.headers["x-slack-request-timestamp"]),
        },
      });
      res.writeHead(200, { "x-receiver": "yes" }).end("verified");
    } catch {
      res.writeHead(401).end("bad signature");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}/slack/events`, received, close };
}

let receiver: Awaited<ReturnType<typeof startVerifyingReceiver>>;
afterEach(() => receiver.close());

describe("postSlackEvent", () => {
  it("sends a signed JSON body that Bolt verifies", async () => {
    receiver = await startVerifyingReceiver();
    const envelope = buildUrlVerification("challenge-1");

    const result = await postSlackEvent(receiver.url, envelope, { signingSecret });

    expect(result).toMatchObject({ status: 200, body: "verified", headers: { "x-receiver": "yes" } });
    expect(receiver.received[0]?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(receiver.received[0]?.body ?? "")).toEqual(envelope);
    expect(receiver.received[0]?.headers).not.toHaveProperty("x-slack-retry-num");
  });

  it("adds Slack's retry headers for a redelivery", async () => {
    receiver = await startVerifyingReceiver();
    await postSlackEvent(receiver.url, { type: "event_callback" }, { signingSecret, retryNum: 2 });
    expect(receiver.received[0]?.headers).toMatchObject({
      "x-slack-retry-num": "2",
      "x-slack-retry-reason": "http_timeout",
    });
  });

  it("is rejected when signed with the wrong secret", async () => {
    receiver = await startVerifyingReceiver();
    const result = await postSlackEvent(receiver.url, {}, { signingSecret: "wrong" });
    expect(result.status).toBe(401);
  });
});

describe("postSlackInteraction", () => {
  it("sends payload=<json> as a signed form body", async () => {
    receiver = await startVerifyingReceiver();
    const payload = { type: "block_actions", actions: [{ action_id: "approve", value: "a b&c" }] };

    const result = await postSlackInteraction(receiver.url, payload, { signingSecret });

    expect(result.status).toBe(200);
    const [request] = receiver.received;
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(JSON.parse(new URLSearchParams(request?.body).get("payload") ?? "")).toEqual(payload);
  });
});
