import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SUMMARY_MAX_ISSUES, summarizeError } from "./summarize-error.js";

const schema = z.object({
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  turn: z.object({ id: z.string(), attempts: z.number() }),
});

function zodError(value: unknown): z.ZodError {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected the value to be invalid");
  return parsed.error;
}

describe("summarizeError", () => {
  it("names each invalid field of a zod error in one line", () => {
    const error = zodError({ repo: "not a repo", turn: { id: 7 } });
    expect(error.message.length).toBeGreaterThan(200);
    const summary = summarizeError(error);
    expect(summary).not.toContain("\n");
    expect(summary).toMatch(/^invalid fields: repo \(.+\), turn\.id \(.+\), turn\.attempts \(.+\)$/);
    expect(summary.length).toBeLessThan(error.message.length);
  });

  it("reads the same out of a zod error's message kept as a string", () => {
    const error = zodError({ repo: "acme/web", turn: { id: "t1" } });
    expect(summarizeError(error.message)).toMatch(/^invalid field: turn\.attempts \(.+\)$/);
  });

  it("names the first few fields and counts the rest", () => {
    const many = z.object(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, z.string()])));
    const parsed = many.safeParse({});
    if (parsed.success) throw new Error("expected the value to be invalid");
    const summary = summarizeError(parsed.error);
    expect(summary).toContain(`f${SUMMARY_MAX_ISSUES - 1} (`);
    expect(summary).not.toContain(`f${SUMMARY_MAX_ISSUES} (`);
    expect(summary).toMatch(/, and 3 more$/);
  });

  it("keeps any other error's message, and strings that are not a list of issues", () => {
    expect(summarizeError(new Error("connect ECONNREFUSED 127.0.0.1:6379"))).toBe(
      "connect ECONNREFUSED 127.0.0.1:6379",
    );
    expect(summarizeError("[not json")).toBe("[not json");
    expect(summarizeError('[{"a":1}]')).toBe('[{"a":1}]');
  });
});
