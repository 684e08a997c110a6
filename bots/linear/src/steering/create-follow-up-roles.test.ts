import { createRecordingLogger } from "@baton/testkit";
import { describe, expect, it } from "vitest";
import { createFollowUpRoles } from "./create-follow-up-roles.js";

const question = { organizationId: "org", issueId: "issue", creatorId: "ada", deliveryId: "d-1" };

describe("createFollowUpRoles", () => {
  it("knows the creator without asking, and asks Linear for the assignee otherwise", async () => {
    const asked: string[] = [];
    const roleOf = createFollowUpRoles({
      apiFor: () => ({
        issueAssignee: async (issueId) => {
          asked.push(issueId);
          return "grace";
        },
      }),
      logger: createRecordingLogger(),
    });
    expect(await roleOf({ ...question, actorId: "ada" })).toBe("creator");
    expect(asked).toEqual([]);
    expect(await roleOf({ ...question, actorId: "grace" })).toBe("assignee");
    expect(await roleOf({ ...question, actorId: "eve" })).toBe("other");
    expect(asked).toEqual(["issue", "issue"]);
  });

  it("counts a failed or unanswered lookup as a bystander, and logs it", async () => {
    const logger = createRecordingLogger();
    const failing = createFollowUpRoles({
      apiFor: () => ({ issueAssignee: () => Promise.reject(new Error("RATELIMITED")) }),
      logger,
    });
    expect(await failing({ ...question, actorId: "grace" })).toBe("other");
    const silent = createFollowUpRoles({
      apiFor: () => ({ issueAssignee: () => new Promise<string>(() => {}) }),
      logger,
      timeoutMs: 10,
    });
    expect(await silent({ ...question, actorId: "grace" })).toBe("other");
    expect(logger.lines.map((line) => [line.event, line.fields.error])).toEqual([
      ["bots.linear.assignee_lookup_failed", "RATELIMITED"],
      ["bots.linear.assignee_lookup_failed", "no answer within 10 ms"],
    ]);
  });
});
