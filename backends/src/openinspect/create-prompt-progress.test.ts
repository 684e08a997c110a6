import { describe, expect, it } from "vitest";
import { createPromptProgress } from "./create-prompt-progress.js";

const event = (type: string, data: Record<string, unknown>, id?: string) => ({
  id,
  type,
  data,
  messageId: "m1",
});

describe("createPromptProgress", () => {
  it("turns a tool call into one status and one tool step, however often it arrives", () => {
    const progress = createPromptProgress();
    const running = event("tool_call", {
      tool: "Read",
      args: { file_path: "src/a.ts" },
      callId: "c1",
      status: "running",
    });
    const done = event("tool_call", {
      tool: "Read",
      args: { file_path: "src/a.ts" },
      callId: "c1",
      status: "completed",
      output: "x",
    });
    expect(progress.apply(running)).toEqual([{ type: "status", message: "Using Read: src/a.ts" }]);
    expect(progress.apply(running)).toEqual([]);
    expect(progress.apply(done)).toEqual([
      { type: "tool", name: "Read", input: '{"file_path":"src/a.ts"}', output: "x" },
    ]);
    expect(progress.apply(done)).toEqual([]);
  });

  it("keeps the last token as the answer and the first end; an error alone does not end the prompt", () => {
    const progress = createPromptProgress();
    progress.apply(event("token", { content: "Par" }));
    progress.apply(event("error", { error: "a child task failed" }));
    progress.apply(event("token", { content: "Partial answer" }));
    expect(progress.end).toBeUndefined();
    progress.apply(event("execution_complete", { success: false, error: "sandbox died" }));
    progress.apply(event("execution_complete", { success: true }));
    expect(progress.answer).toBe("Partial answer");
    expect(progress.end).toEqual({ success: false, error: "sandbox died" });
  });

  it("maps artifacts (a pr is a pull request, others are links) and takes each URL once", () => {
    const progress = createPromptProgress();
    const pr = event("artifact", {
      artifactType: "pr",
      url: "https://github.com/acme/web/pull/7",
      metadata: { number: 7, repoOwner: "acme", repoName: "web" },
    });
    expect(progress.apply(pr)).toEqual([
      {
        type: "artifact",
        artifact: {
          kind: "pull_request",
          url: "https://github.com/acme/web/pull/7",
          title: "Pull request acme/web#7",
        },
      },
    ]);
    expect(progress.addArtifact({ type: "pr", url: "https://github.com/acme/web/pull/7" })).toEqual([]);
    expect(
      progress.apply(event("artifact", { artifactType: "preview", url: "https://preview.x.test/" })),
    ).toEqual([
      { type: "artifact", artifact: { kind: "link", url: "https://preview.x.test/", title: "Preview" } },
    ]);
    expect(progress.apply(event("artifact", { artifactType: "preview" }))).toEqual([]);
  });

  it("counts screenshots and videos (storage keys) and links them to the session when it can", () => {
    const withoutLink = createPromptProgress();
    const shot = event("artifact", {
      artifactType: "screenshot",
      url: "sessions/s1/media/a1.png",
      artifactId: "a1",
    });
    expect(withoutLink.apply(shot)).toEqual([]);
    expect(
      withoutLink.addArtifact({ type: "screenshot", url: "sessions/s1/media/a1.png", id: "a1" }),
    ).toEqual([]);
    expect(withoutLink.mediaCount).toBe(1);
    const linked = createPromptProgress({ sessionLink: "https://inspect.test/session/s1" });
    expect(linked.apply(shot)).toEqual([
      {
        type: "artifact",
        artifact: {
          kind: "link",
          url: "https://inspect.test/session/s1",
          title: "Screenshots and videos, in Open-Inspect",
        },
      },
    ]);
    expect(linked.apply(event("artifact", { artifactType: "video", url: "k2", artifactId: "a2" }))).toEqual(
      [],
    );
    expect(linked.mediaCount).toBe(2);
  });
});
