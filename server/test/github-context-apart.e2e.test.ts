import { createPlanBackend } from "@baton/backends";
import { buildIssueCommentEvent } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

// Baton gives the agent the issue it was asked on, wrapped as untrusted context; people reading
// the plan or the share page see what the person wrote, and that context apart.
describe("GitHub: the person's words apart from the context Baton adds", () => {
  let s: GithubScenario;
  afterEach(() => s.close());

  it("shows the request, not the context block, in the plan and on the share page, with the context folded", async () => {
    s = await startGithubScenario({ backend: createPlanBackend() });
    s.github.setPermission("acme/api", "octocat", "write");
    const delivered = await s.deliver(
      buildIssueCommentEvent({
        repo: "acme/api",
        installationId: TEST_INSTALLATION_ID,
        sender: { login: "octocat" },
        number: 12,
        commentId: 9001,
        title: "Login fails on Safari",
        body: "@baton fix the flaky login test",
      }),
    );
    expect(delivered.status).toBe(202);

    const comments = await s.waitForComment("acme/api", 12, (body) => body.includes("Plan (dry run"));
    const plan = comments.find((c) => c.body.includes("Plan (dry run"))!.body;
    expect(plan).toContain("> fix the flaky login test");
    expect(plan).not.toContain("github-context");
    expect(plan).not.toContain("Everything in this block");
    expect(plan).toMatch(/Context given to the agent:\W*Issue acme\/api#12: Login fails on Safari/);
    expect(plan).toContain("Requested by:** octocat on github");

    const sharePath = plan.match(/\/s\/[\w-]+/)?.[0];
    expect(sharePath).toBeDefined();
    const page = await (await fetch(`${s.t.url}${sharePath}`)).text();
    const prompt = page.match(/<section class="entry prompt"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(prompt).toContain("<strong>octocat</strong>");
    // The person's words first and open; the context after them, folded, and marked untrusted.
    const [words, folded] = prompt.split("<details");
    expect(words).toContain("fix the flaky login test");
    expect(words).not.toContain("github-context");
    expect(folded).toMatch(
      /^ class="context"><summary>Context given to the agent: Issue acme\/api#12: Login fails on Safari<\/summary>/,
    );
    expect(folded).toContain("&lt;github-context trust=&quot;untrusted&quot;&gt;");

    const markdown = await (
      await fetch(`${s.t.url}${sharePath!.replace("/s/", "/api/shared/")}/markdown`)
    ).text();
    expect(markdown).toMatch(/## octocat \(github, [^)]+\)\n\nfix the flaky login test\n\n<details>/);
  });
});
