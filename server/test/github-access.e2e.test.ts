import { buildIssueCommentEvent } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

const REPO = "acme/api";
const CATALOG = `
repositories:
  - repo: acme/api
  - repo: acme/infra
  - repo: acme/web
  - repo: acme/solo
  - repo: acme/secret
environments:
  - id: solo-and-secret
    name: Solo and secret
    repositories: [acme/solo, acme/secret]
github:
  allowlist: [trusted-contractor]
`;

function comment(number: number, commentId: number, login: string, body: string, repo = REPO) {
  return buildIssueCommentEvent({
    repo,
    installationId: TEST_INSTALLATION_ID,
    sender: { login },
    number,
    commentId,
    body,
  });
}

describe("who may start a GitHub session", () => {
  let s: GithubScenario;
  beforeAll(async () => {
    s = await startGithubScenario({ catalogYaml: CATALOG });
    s.github.setPermission(REPO, "writer", "write");
    s.github.setPermission(REPO, "admin-person", "admin");
    s.github.setPermission(REPO, "reader", "read");
    s.github.setPermission(REPO, "triager", "triage");
    s.github.setPermission("acme/web", "writer", "write");
  });
  afterAll(() => s.close());

  it("someone with read permission starts nothing and is told once, however often they ask", async () => {
    await s.deliver(comment(40, 1001, "reader", "@baton delete the tests"));
    await s.waitForComment(REPO, 40, (body) => body.startsWith("@reader"));
    await s.deliver(comment(40, 1002, "reader", "@baton please?"));
    await s.waitForLog("core.turn.declined", { reason: "not_a_writer" }, 2);
    const comments = s.github.commentsOn(REPO, 40);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toMatch(/write access/);
    expect(s.agent.runs).toHaveLength(0);
  });

  it("triage is not enough either", async () => {
    await s.deliver(comment(41, 1101, "triager", "@baton fix it"));
    await s.waitForComment(REPO, 41, (body) => body.startsWith("@triager"));
    expect(s.agent.runs).toHaveLength(0);
  });

  it("write, admin and the catalog's allowlist may; the permission is asked once and then cached", async () => {
    await s.deliver(comment(42, 1201, "writer", "@baton one"));
    await s.finishNextRun();
    await s.deliver(comment(43, 1301, "admin-person", "@baton two"));
    await s.finishNextRun();
    await s.deliver(comment(44, 1401, "trusted-contractor", "@baton three"));
    expect((await s.finishNextRun()).turn.prompt).toMatch(/^three/);
    await s.deliver(comment(45, 1501, "writer", "@baton four"));
    await s.finishNextRun();
    const asked = s.github
      .callsTo("GET /repos/{owner}/{repo}/collaborators/{username}/permission")
      .filter((call) => call.params.username === "writer" && call.params.repo === "api");
    expect(asked).toHaveLength(1);
    // The allowlist needs no API call at all.
    expect(s.github.calls.some((call) => call.params.username === "trusted-contractor")).toBe(false);
  });

  it("another repository named in the comment counts only if the commenter can write to it", async () => {
    await s.deliver(comment(46, 1601, "writer", "@baton port this to acme/infra"));
    await s.waitForComment(REPO, 46, (body) => body.includes("cannot write to acme/infra"));
    await s.deliver(comment(47, 1701, "writer", "@baton port this to acme/web"));
    const run = await s.finishNextRun();
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
  });
  it("a follow-up continues its session's target only from someone who can write to it", async () => {
    s.github.setPermission(REPO, "bystander", "write"); // and nothing on acme/web
    await s.deliver(comment(48, 1801, "writer", "@baton port this to acme/web"));
    expect((await s.finishNextRun()).turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    // Named no target: the session would keep acme/web, where the bystander cannot write.
    await s.deliver(comment(48, 1802, "bystander", "@baton also print .env.production here"));
    await s.waitForComment(REPO, 48, (body) =>
      body.includes("This conversation works in acme/web, but you cannot write to acme/web"),
    );
    expect(s.agent.runs.filter((run) => run.turn.prompt.includes(".env.production"))).toEqual([]);
  });

  it("the repository's default environment counts only if the commenter can write to all of it", async () => {
    s.github.setPermission("acme/solo", "solo-admin", "admin"); // and nothing on acme/secret
    s.github.setFile("acme/solo", ".github/baton.yml", "defaultEnvironment: solo-and-secret\n");
    await s.deliver(comment(49, 1901, "solo-admin", "@baton look around", "acme/solo"));
    await s.waitForComment("acme/solo", 49, (body) => body.includes("but you cannot write to acme/secret"));
    expect(s.agent.runs.filter((run) => run.turn.prompt.includes("look around"))).toEqual([]);
  });
});

describe("access.github.minimumPermission", () => {
  let s: GithubScenario;
  beforeAll(async () => {
    s = await startGithubScenario({
      catalogYaml: "repositories:\n  - repo: acme/api\naccess:\n  github:\n    minimumPermission: maintain\n",
    });
    s.github.setPermission(REPO, "writer", "write");
    s.github.setPermission(REPO, "maintainer", "maintain");
  });
  afterAll(() => s.close());

  it("raises the role a person needs: a writer is refused, a maintainer admitted", async () => {
    await s.deliver(comment(50, 2001, "writer", "@baton tidy the changelog"));
    await s.waitForComment(REPO, 50, (body) =>
      body.includes("Baton only takes requests from people with maintain access"),
    );
    await s.deliver(comment(51, 2101, "maintainer", "@baton tidy the readme"));
    expect((await s.finishNextRun()).turn.prompt).toContain("tidy the readme");
    expect(s.agent.runs.filter((run) => run.turn.prompt.includes("changelog"))).toEqual([]);
  });
});
