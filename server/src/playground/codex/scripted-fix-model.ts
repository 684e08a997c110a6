import type { FakeModelAction, FakeModelRequest, FakeToolOutput } from "@baton/testkit";
import { DEMO_BUGGY_LINE, DEMO_FIXED_LINE } from "./demo-repository.js";

export const DEMO_TEST_COMMAND = "node --test";

/**
 * The playground's scripted model, one answer per request, read from the turn's own history (so
 * every turn of every session plays the same way, whatever the person asked): run the tests; when
 * they fail, fix `sum`, else add one more test; run the tests again; answer with what it did.
 */
export function scriptedFixModel(request: FakeModelRequest): FakeModelAction {
  const outputs = toolOutputsThisTurn(request);
  const testsFailed = outputs[0] !== undefined && outputs[0].exitCode !== 0;
  switch (outputs.length) {
    case 0:
      return { kind: "exec", cmd: DEMO_TEST_COMMAND, reasoning: "Running the tests first." };
    case 1:
      return testsFailed
        ? { kind: "patch", patch: FIX_PATCH, reasoning: "`sum` subtracts instead of adding." }
        : { kind: "patch", patch: addTestPatch(request.index), reasoning: "The tests pass: adding one." };
    case 2:
      return { kind: "exec", cmd: DEMO_TEST_COMMAND };
    default: {
      const what = testsFailed
        ? "Fixed `sum` in src/sum.js: it subtracted instead of adding."
        : "Added a test of `sum` with negative numbers.";
      const exit = outputs.at(-1)?.exitCode ?? "?";
      return {
        kind: "text",
        text: `${what} \`${DEMO_TEST_COMMAND}\` now exits ${exit}.\n\n_(A scripted model: it plays these steps whatever you ask.)_`,
      };
    }
  }
}

// The CLI sends the whole thread each time: this turn's tool outputs follow its newest user message.
function toolOutputsThisTurn(request: FakeModelRequest): FakeToolOutput[] {
  const history = request.body.input ?? [];
  const lastPrompt = history.findLastIndex((item) => item.role === "user");
  const count = history
    .slice(lastPrompt + 1)
    .filter((item) => item.type === "function_call_output" || item.type === "custom_tool_call_output").length;
  return count === 0 ? [] : request.toolOutputs.slice(-count);
}

const FIX_PATCH = [
  "*** Begin Patch",
  "*** Update File: src/sum.js",
  "@@",
  `-${DEMO_BUGGY_LINE}`,
  `+${DEMO_FIXED_LINE}`,
  "*** End Patch",
  "",
].join("\n");

/** A new test file (named after the request, so that every follow-up adds its own). */
function addTestPatch(requestIndex: number): string {
  return [
    "*** Begin Patch",
    `*** Add File: test/sum-negative-${requestIndex}.test.js`,
    '+import assert from "node:assert/strict";',
    '+import { test } from "node:test";',
    '+import { sum } from "../src/sum.js";',
    "+",
    '+test("sum adds negative numbers", () => {',
    "+  assert.equal(sum(-2, -3), -5);",
    "+});",
    "*** End Patch",
    "",
  ].join("\n");
}
