import { describe, expect, it } from "vitest";
import type { LinearIssueContext } from "../client/create-linear-api.js";
import { createIssueHandoff } from "./issue-handoff.js";

const issue = (id: string) =>
  ({
    id,
    identifier: "ENG-1",
    title: "Orders are counted twice",
    labels: { nodes: [] },
    comments: { nodes: [] },
    team: { id: "team", key: "ENG", name: "Engineering", states: { nodes: [] } },
  }) as LinearIssueContext;

describe("createIssueHandoff", () => {
  it("hands a turn's issue over once, and only the issue asked for", () => {
    const handoff = createIssueHandoff();
    handoff.keep("turn-1", issue("issue-1"));
    handoff.keep("turn-2", issue("issue-2"));
    expect(handoff.take("turn-1", "issue-1")?.id).toBe("issue-1");
    expect(handoff.take("turn-1", "issue-1")).toBeUndefined();
    expect(handoff.take("turn-2", "issue-other")).toBeUndefined();
    expect(handoff.take("turn-2", "issue-2")).toBeUndefined();
  });

  it("hands over nothing older than its limit, and forgets what was never taken", () => {
    let clock = 0;
    const handoff = createIssueHandoff({ maxAgeMs: 1_000, now: () => clock });
    handoff.keep("turn-1", issue("issue-1"));
    handoff.keep("turn-2", issue("issue-2"));
    clock = 1_000;
    expect(handoff.take("turn-1", "issue-1")?.id).toBe("issue-1");
    clock = 1_001;
    expect(handoff.take("turn-2", "issue-2")).toBeUndefined();
    // turn-3 was never taken: keeping turn-4 long after drops it.
    handoff.keep("turn-3", issue("issue-3"));
    clock = 5_000;
    handoff.keep("turn-4", issue("issue-4"));
    clock = 3_000;
    expect(handoff.take("turn-3", "issue-3")).toBeUndefined();
    expect(handoff.take("turn-4", "issue-4")?.id).toBe("issue-4");
  });
});
