import { describe, expect, it } from "vitest";
import { displayCommand } from "./display-command.js";
import { mapThreadEvent } from "./map-thread-event.js";

const CWD = "/data/workspaces/s1/repo";

describe("mapThreadEvent", () => {
  it("reports a command when it starts and when it ends, with its exit code and output", () => {
    const item = {
      id: "item_1",
      type: "command_execution" as const,
      command: "/bin/bash -lc 'npm test'",
      aggregated_output: "",
    };
    expect(mapThreadEvent({ type: "item.started", item: { ...item, status: "in_progress" } }, CWD)).toEqual([
      { type: "command", id: "item_1", command: "npm test", status: "running" },
    ]);
    const ended = { ...item, status: "failed" as const, exit_code: 1, aggregated_output: "1 failing\n" };
    expect(mapThreadEvent({ type: "item.completed", item: ended }, CWD)).toEqual([
      {
        type: "command",
        id: "item_1",
        command: "npm test",
        status: "failed",
        exitCode: 1,
        output: "1 failing\n",
      },
    ]);
  });

  it("gives file changes relative to the workspace, and a failed patch as a warning", () => {
    const changes = [
      { path: `${CWD}/src/sum.js`, kind: "update" as const },
      { path: `${CWD}/NEW.md`, kind: "add" as const },
    ];
    expect(
      mapThreadEvent(
        { type: "item.completed", item: { id: "p", type: "file_change", changes, status: "completed" } },
        CWD,
      ),
    ).toEqual([
      {
        type: "file_change",
        id: "p",
        changes: [
          { path: "src/sum.js", kind: "update" },
          { path: "NEW.md", kind: "add" },
        ],
      },
    ]);
    expect(
      mapThreadEvent(
        { type: "item.completed", item: { id: "p", type: "file_change", changes, status: "failed" } },
        CWD,
      ),
    ).toEqual([{ type: "warning", message: "A patch to src/sum.js, NEW.md could not be applied." }]);
  });

  it("maps the plan, messages, reasoning, error items and usage", () => {
    const todo = { id: "t", type: "todo_list" as const, items: [{ text: "run tests", completed: true }] };
    expect(mapThreadEvent({ type: "item.updated", item: todo }, CWD)).toEqual([
      { type: "plan", items: todo.items },
    ]);
    expect(
      mapThreadEvent(
        { type: "item.completed", item: { id: "m", type: "agent_message", text: "Done." } },
        CWD,
      ),
    ).toEqual([{ type: "message", text: "Done." }]);
    expect(
      mapThreadEvent(
        { type: "item.completed", item: { id: "r", type: "reasoning", text: "Look first." } },
        CWD,
      ),
    ).toEqual([{ type: "reasoning", text: "Look first." }]);
    expect(
      mapThreadEvent(
        { type: "item.completed", item: { id: "e", type: "error", message: "metadata not found" } },
        CWD,
      ),
    ).toEqual([{ type: "warning", message: "metadata not found" }]);
    const usage = {
      input_tokens: 10,
      cached_input_tokens: 4,
      cache_write_input_tokens: 0,
      output_tokens: 3,
      reasoning_output_tokens: 0,
    };
    expect(mapThreadEvent({ type: "turn.completed", usage }, CWD)).toEqual([
      { type: "usage", inputTokens: 10, cachedInputTokens: 4, outputTokens: 3 },
    ]);
    expect(mapThreadEvent({ type: "error", message: "Reconnecting..." }, CWD)).toEqual([]);
  });
});

describe("displayCommand", () => {
  it("unwraps the CLI's shell wrapper and its quoting", () => {
    expect(displayCommand("/bin/bash -lc 'npm test'")).toBe("npm test");
    expect(displayCommand("/bin/bash -lc 'echo '\\''hi'\\'''")).toBe("echo 'hi'");
    expect(displayCommand(`/bin/bash -lc "node -e \\"fetch('http://x')\\" && echo \\$HOME"`)).toBe(
      `node -e "fetch('http://x')" && echo $HOME`,
    );
    expect(displayCommand("git status")).toBe("git status");
  });
});
