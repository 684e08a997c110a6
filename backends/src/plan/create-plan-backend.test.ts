import type { BackendTurn } from "@baton/core";
import { describe, expect, it } from "vitest";
import { createPlanBackend } from "./create-plan-backend.js";

function backendTurn(prompt: string): BackendTurn {
  const request = {
    version: 1 as const,
    id: "t_1",
    deliveryId: "Ev1",
    conversation: { platform: "slack" as const, teamId: "T1", channelId: "C1", threadTs: "1.1" },
    actor: { platform: "slack" as const, id: "U1", name: "ada" },
    text: prompt,
    attachments: [],
    hints: {},
    context: {},
    receivedAt: new Date().toISOString(),
  };
  return {
    turn: { id: "t_1", conversationKey: "k", request },
    session: {
      id: "s_1",
      conversation: request.conversation,
      conversationKey: "k",
      target: { kind: "repository", repo: "acme/web" },
      backend: "plan",
      requester: request.actor,
      createdAt: request.receivedAt,
      updatedAt: request.receivedAt,
      turnCount: 0,
    },
    target: { kind: "repository", repo: "acme/web" },
    prompt,
    context: [],
    idempotencyKey: "t_1",
  };
}

describe("plan backend", () => {
  it("reports the target, requester and prompt as a labelled plan, and ends with done", async () => {
    const events = [];
    for await (const event of createPlanBackend().run(
      backendTurn("fix the flaky login test\nsee CI"),
      new AbortController().signal,
    )) {
      events.push(event);
    }
    const done = events.at(-1);
    expect(done?.type).toBe("done");
    const summary = done?.type === "done" ? done.summary : "";
    expect(summary).toContain("Plan (dry run");
    expect(summary).toContain("acme/web");
    expect(summary).toContain("ada on slack");
    expect(summary).toContain("> fix the flaky login test\n> see CI");
  });

  it("writes the platform-neutral markdown subset, not a platform's own syntax", async () => {
    const events = [];
    for await (const event of createPlanBackend().run(backendTurn("x"), new AbortController().signal))
      events.push(event);
    const done = events.at(-1);
    const summary = done?.type === "done" ? done.summary : "";
    expect(summary.split("\n")).toEqual(
      expect.arrayContaining(["**Plan (dry run: no agent was started)**", "- **Target:** acme/web"]),
    );
    expect(summary).not.toContain("•");
  });

  it("stops without a result when aborted", async () => {
    const controller = new AbortController();
    controller.abort("stopped");
    const events = [];
    for await (const event of createPlanBackend().run(backendTurn("x"), controller.signal))
      events.push(event);
    expect(events.map((e) => e.type)).toEqual(["status"]);
  });
});
