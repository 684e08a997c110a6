import {
  conversationKey,
  conversationLedgerId,
  createRedisKeys,
  createReplyLedger,
  parseCatalog,
  REPLY_FIELDS,
  type ReplyLedger,
  type SessionRequest,
  sessionRequestSchema,
} from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createElicitationAnswerer } from "./answer-elicitation.js";

const catalog = parseCatalog(
  parse("repositories:\n  - repo: acme/web\n  - repo: acme/api\n"),
  "baton.config.yaml",
);

function answer(text: string, deliveryId: string): SessionRequest {
  return sessionRequestSchema.parse({
    version: 1,
    id: `r-${deliveryId}`,
    deliveryId,
    conversation: { platform: "linear", organizationId: "org", issueId: "iss", agentSessionId: "as" },
    actor: { platform: "linear", id: "u-1" },
    text,
    receivedAt: new Date(0).toISOString(),
  });
}

describe("an answer to Baton's elicitation", () => {
  let redis: TestRedis;
  let ledger: ReplyLedger;
  beforeEach(async () => {
    redis = await createTestRedis("elicitation");
    ledger = createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
    const asking = conversationLedgerId(conversationKey(answer("", "d-0").conversation));
    await ledger.set(asking, REPLY_FIELDS.askingTurn, "t_asked");
  });
  afterEach(() => redis.cleanup());

  it("that intake refused is told by the dispatcher, and is not run as a prompt of its own", async () => {
    const answerElicitation = createElicitationAnswerer({
      ledger,
      catalog,
      picker: { pick: async () => ({ kind: "refused" }) },
    });
    expect(await answerElicitation(answer("acme/api", "d-1"))).toMatchObject({
      kind: "answered",
      turnId: "t_asked",
      pick: "refused",
    });
  });
});
