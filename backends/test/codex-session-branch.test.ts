import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diffTurn } from "../src/codex/publish/diff-turn.js";
import { type CodexSessionFixture, createCodexSessionFixture, slackTurn } from "./codex-session-fixture.js";

let fixture: CodexSessionFixture;
beforeEach(async () => {
  fixture = await createCodexSessionFixture();
});
afterEach(() => fixture.cleanup());

const signal = new AbortController().signal;
const SESSION = "s_3f2a9c1e-5b7d-4e0f-9a1b-2c3d4e5f6a7b";
const TARGET = { kind: "repository" as const, repo: "acme/api" };
const LINKS = { origin: "https://acme.slack.com/archives/C1/p1", share: "http://localhost:3000/s/share-abc" };

/** Everything under `dir` as text, for "the token is nowhere on disk". */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "latin1"))
    .join("\n");
}

/** One turn of the session on `worker`: `file` written with what was asked, then published. */
async function writeAndPublish(
  worker: ReturnType<CodexSessionFixture["worker"]>,
  file: string,
  asked: string,
  summary = asked,
) {
  const workspace = await worker.workspaces.open(
    { sessionId: SESSION, target: TARGET, title: "Fix login" },
    signal,
  );
  writeFileSync(join(workspace.root, file), `// ${asked}\n`);
  const [outcome] = await worker.publish(
    { workspace, turn: slackTurn(SESSION, asked), summary, checks: [], links: LINKS },
    signal,
  );
  return { workspace, outcome, branch: workspace.repositories[0]?.branch ?? "" };
}

describe("a codex session is a branch", () => {
  it("opens the branch's worktree, commits as Baton with the requester's trailer, pushes with the token in git's environment only, and opens a draft pull request", async () => {
    const worker = fixture.worker("one");
    const workspace = await worker.workspaces.open(
      { sessionId: SESSION, target: TARGET, title: "Fix the flaky login test" },
      signal,
    );
    const [repository] = workspace.repositories;
    expect(workspace).toMatchObject({ kind: "repositories", created: true, root: repository?.dir });
    expect(repository).toMatchObject({
      repo: "acme/api",
      branch: "baton/fix-the-flaky-login-test-3f2a9c1e",
      baseBranch: "main",
    });
    expect(readFileSync(join(workspace.root, "src/login.ts"), "utf8")).toBe("export const retries = 1;\n");
    // The git directory is outside every writable root: the sandboxed agent cannot commit.
    expect(workspace.writableRoots).toContain(workspace.root);
    expect(workspace.writableRoots.some((root) => repository?.gitDir.startsWith(root))).toBe(false);

    writeFileSync(
      join(workspace.root, "src/login.ts"),
      "export const retries = 3;\nexport const timeoutMs = 500;\n",
    );
    writeFileSync(join(workspace.root, "src/login.test.ts"), "test('login', () => {});\n");
    const diff = await diffTurn(workspace, signal, { git: "git" });
    expect(diff.files).toEqual([
      { path: "src/login.test.ts", added: 1, removed: 0 },
      { path: "src/login.ts", added: 2, removed: 1 },
    ]);
    expect(diff.patch).toContain("+export const retries = 3;");
    const capped = await diffTurn(workspace, signal, { maxPatchBytes: 64 });
    expect(capped.files).toEqual(diff.files);
    expect(capped.patch).toContain("the patch is cut at 64 bytes");
    expect(capped.patch.length).toBeLessThan(diff.patch.length);

    const checks = [
      { command: "npm test", exitCode: 1 },
      { command: "npm test", exitCode: 0 },
    ];
    const [outcome] = await worker.publish(
      {
        workspace,
        turn: slackTurn(SESSION, "fix the flaky login test"),
        summary: "Retry login three times\n\nThe test raced the server.",
        checks,
        links: LINKS,
      },
      signal,
    );
    expect(outcome).toMatchObject({
      repo: "acme/api",
      kind: "pushed",
      branch: repository?.branch,
      files: diff.files,
      pullRequest: { number: 1, opened: true },
      branchUrl: `${fixture.github.url}/acme/api/tree/${repository?.branch}`,
    });
    if (outcome?.kind !== "pushed") throw new Error("not pushed");
    const branch = outcome.branch;
    expect(fixture.github.git.branchHead("acme/api", branch)).toBe(outcome.commit);
    const commit = fixture.github.git.git("acme/api", "log", "-1", "--format=%an <%ae>|%cn|%B", branch);
    expect(commit).toContain(
      "baton[bot] <41898282+baton[bot]@users.noreply.github.com>|baton[bot]|Retry login three times",
    );
    expect(commit).toContain("Requested-by: Alice <slack:U123>");
    expect(commit).toContain(`Baton-Session: ${SESSION}`);

    const [pull] = fixture.github.pullRequestsOf("acme/api");
    expect(pull).toMatchObject({
      number: 1,
      title: "Retry login three times",
      pull: { draft: true, headRef: branch, baseRef: "main" },
    });
    expect(pull?.body).toContain("> fix the flaky login test");
    expect(pull?.body).toContain(LINKS.origin);
    expect(pull?.body).toContain(LINKS.share);
    expect(pull?.body).toContain("`npm test` → exit 1");
    expect(pull?.body).toContain("`npm test` → exit 0");

    // The token went as a header in git's environment: never in a URL, an argument or a file.
    expect(fixture.tokens.length).toBeGreaterThan(0);
    const pushes = fixture.github.gitRequests.filter((request) => request.service === "/git-receive-pack");
    expect(pushes.map((request) => [request.status, request.authenticated])).toEqual([[200, true]]);
    const onDisk = allText(worker.dataDir);
    for (const token of fixture.tokens) {
      expect(fixture.gitArgv()).not.toContain(token);
      expect(onDisk).not.toContain(token);
      expect(fixture.github.gitRequests.some((request) => request.url.includes(token))).toBe(false);
    }
    expect(fixture.gitArgv()).not.toContain("x-access-token");
  });

  it("continues on the same branch: a second commit, the body kept current, no second pull request", async () => {
    const worker = fixture.worker("one");
    const first = await worker.workspaces.open(
      { sessionId: SESSION, target: TARGET, title: "Fix login" },
      signal,
    );
    writeFileSync(join(first.root, "src/login.ts"), "export const retries = 3;\n");
    const [opened] = await worker.publish(
      {
        workspace: first,
        turn: slackTurn(SESSION, "fix login"),
        summary: "Retry login",
        checks: [],
        links: LINKS,
      },
      signal,
    );

    const second = await worker.workspaces.open(
      { sessionId: SESSION, target: TARGET, title: "ignored later" },
      signal,
    );
    expect(second).toMatchObject({ created: false, root: first.root });
    expect(second.repositories[0]?.branch).toBe(first.repositories[0]?.branch);
    expect(second.repositories[0]?.startCommit).toBe(opened?.kind === "pushed" ? opened.commit : "");
    writeFileSync(join(second.root, "src/timeout.ts"), "export const timeoutMs = 500;\n");
    const [pushed] = await worker.publish(
      {
        workspace: second,
        turn: slackTurn(SESSION, "also add a timeout"),
        summary: "Add a timeout",
        checks: [{ command: "npm test", exitCode: 0 }],
        // Asked on the pull request itself: no link back comes with it, the body keeps the first one.
        links: {},
      },
      signal,
    );
    expect(pushed).toMatchObject({
      kind: "pushed",
      pullRequest: { number: 1, opened: false },
      files: [{ path: "src/timeout.ts", added: 1, removed: 0 }],
    });
    const branch = second.repositories[0]?.branch ?? "";
    expect(fixture.github.git.git("acme/api", "rev-list", "--count", `main..${branch}`)).toBe("2");
    const pulls = fixture.github.pullRequestsOf("acme/api");
    expect(pulls).toHaveLength(1);
    expect(pulls[0]?.title).toBe("Retry login");
    expect(pulls[0]?.body).toContain("> fix login");
    expect(pulls[0]?.body).toContain("Alice: also add a timeout");
    expect(pulls[0]?.body).toContain(LINKS.origin);
    expect(pulls[0]?.body).toContain(LINKS.share);
    expect(pulls[0]?.body).toContain("`npm test` → exit 0");
    expect(fixture.github.callsTo("PATCH /repos/{owner}/{repo}/pulls/{pull_number}")).toHaveLength(1);

    // A turn without changes publishes nothing.
    const third = await worker.workspaces.open({ sessionId: SESSION, target: TARGET, title: "" }, signal);
    const quiet = await worker.publish(
      {
        workspace: third,
        turn: slackTurn(SESSION, "thanks"),
        summary: "Nothing to do",
        checks: [],
        links: {},
      },
      signal,
    );
    expect(quiet).toEqual([{ repo: "acme/api", kind: "no_changes" }]);
  });

  it("opens a new pull request for a follow-up once the session's was merged or closed, never pushing into one that ended", async () => {
    const worker = fixture.worker("one");
    /** One turn of the session: a file written, published; its outcome. */
    const turn = async (file: string, asked: string, summary: string) =>
      (await writeAndPublish(worker, file, asked, summary)).outcome;
    expect(await turn("src/login.ts", "fix login", "Retry login")).toMatchObject({
      pullRequest: { number: 1, opened: true },
    });
    fixture.github.closePullRequest("acme/api", 1, { merged: true });

    expect(await turn("src/timeout.ts", "also add a timeout", "Add a timeout")).toMatchObject({
      kind: "pushed",
      pullRequest: { number: 2, opened: true },
      files: [{ path: "src/timeout.ts", added: 1, removed: 0 }],
    });
    // Still open: the next follow-up goes into the new one.
    expect(await turn("src/retry.ts", "and a retry delay", "Add a retry delay")).toMatchObject({
      pullRequest: { number: 2, opened: false },
    });
    fixture.github.closePullRequest("acme/api", 2, { merged: false });
    expect(await turn("src/backoff.ts", "back off instead", "Back off")).toMatchObject({
      pullRequest: { number: 3, opened: true },
    });

    const pulls = fixture.github.pullRequestsOf("acme/api");
    expect(pulls.map((pull) => [pull.number, pull.title, pull.pull?.closed ?? "open"])).toEqual([
      [1, "Retry login", { merged: true }],
      [2, "Add a timeout", { merged: false }],
      [3, "Back off", "open"],
    ]);
    // The merged one's description was left as it was merged.
    expect(pulls[0]?.body).not.toContain("also add a timeout");
    expect(pulls[2]?.body).toContain("back off instead");
  });

  it("starts a follow-up over from the base once the session's pull request was squash-merged, on this worker or another: the new pull request holds only the follow-up", async () => {
    const one = fixture.worker("one");
    const two = fixture.worker("two");
    const git = (...args: string[]) => fixture.github.git.git("acme/api", ...args);
    const isAncestor = (commit: string, of: string) => {
      try {
        git("merge-base", "--is-ancestor", commit, of);
        return true;
      } catch {
        return false; // git exits 1: not an ancestor
      }
    };
    /** GitHub's "Squash and merge": one commit on main with the branch's tree; the branch stays as it was. */
    function squashMerge(number: number, branch: string) {
      const identity = ["-c", "user.name=GitHub", "-c", "user.email=noreply@github.com"];
      const tree = git("rev-parse", `${branch}^{tree}`);
      const squashed = git(...identity, "commit-tree", tree, "-p", "main", "-m", `Squashed (#${number})`);
      git("update-ref", "refs/heads/main", squashed);
      fixture.github.closePullRequest("acme/api", number, { merged: true });
    }
    const turn = writeAndPublish;

    const first = await turn(one, "src/login.ts", "fix login", "Retry login");
    const branch = first.workspace.repositories[0]?.branch ?? "";
    expect(first.outcome).toMatchObject({ pullRequest: { number: 1, opened: true } });
    squashMerge(1, branch);
    const mergedBranchAt = git("rev-parse", branch);
    /**
     * The follow-up opened pull request `number` with `path` alone: the branch holds main and one
     * commit, the follow-up's, not the squashed ones again.
     */
    function expectStartedOver(outcome: unknown, number: number, path: string) {
      expect(outcome).toMatchObject({
        kind: "pushed",
        pullRequest: { number, opened: true },
        files: [{ path, added: 1, removed: 0 }],
      });
      expect(git("rev-list", "--count", `main..${branch}`)).toBe("1");
      expect(git("diff", "--name-only", `main...${branch}`)).toBe(path);
    }

    // On the worker that has the workspace.
    const second = await turn(one, "src/timeout.ts", "also add a timeout", "Add a timeout");
    expect(second.workspace.repositories[0]?.startCommit).toBe(git("rev-parse", "main"));
    expectStartedOver(second.outcome, 2, "src/timeout.ts");
    expect(isAncestor(mergedBranchAt, branch)).toBe(false);
    squashMerge(2, branch);

    // On a worker without the workspace, which restores it from the pushed branch first.
    const third = await turn(two, "src/retry.ts", "and a retry delay", "Add a retry delay");
    expectStartedOver(third.outcome, 3, "src/retry.ts");

    // A follow-up to the open one goes on building on it, with no second restart.
    const fourth = await turn(two, "src/backoff.ts", "back off too", "Back off");
    expect(fourth.outcome).toMatchObject({ pullRequest: { number: 3, opened: false } });
    expect(git("rev-list", "--count", `main..${branch}`)).toBe("2");
  });

  it("keeps building on the branch after a merge when someone pushed to it since, and replaces a branch GitHub deleted", async () => {
    const worker = fixture.worker("one");
    const git = (...args: string[]) => fixture.github.git.git("acme/api", ...args);
    const identity = ["-c", "user.name=Alice", "-c", "user.email=alice@example.com"];
    const turn = (file: string, asked: string) => writeAndPublish(worker, file, asked);
    const { branch } = await turn("src/login.ts", "fix login");
    fixture.github.closePullRequest("acme/api", 1, { merged: true });
    // Alice pushes a commit of her own to the merged branch.
    const tree = git("rev-parse", `${branch}^{tree}`);
    const hers = git(...identity, "commit-tree", tree, "-p", branch, "-m", "Alice's touch");
    git("update-ref", `refs/heads/${branch}`, hers);

    const second = await turn("src/timeout.ts", "add a timeout");
    expect(second.outcome).toMatchObject({ kind: "pushed", pullRequest: { number: 2, opened: true } });
    expect(git("merge-base", "--is-ancestor", hers, branch)).toBe("");
    expect(git("rev-list", "--count", `main..${branch}`)).toBe("3");

    // Merged again, and the head branch deleted (GitHub's "automatically delete head branches").
    fixture.github.closePullRequest("acme/api", 2, { merged: true });
    git("update-ref", "-d", `refs/heads/${branch}`);
    const third = await turn("src/retry.ts", "add a retry delay");
    expect(third.outcome).toMatchObject({
      kind: "pushed",
      pullRequest: { number: 3, opened: true },
      files: [{ path: "src/retry.ts", added: 1, removed: 0 }],
    });
    expect(git("rev-list", "--count", `main..${branch}`)).toBe("1");
  });

  it("keeps commits an earlier push could not deliver when the pull request was merged meanwhile", async () => {
    const worker = fixture.worker("one");
    const first = await writeAndPublish(worker, "src/login.ts", "fix login");
    // A turn's commit whose push was refused, left in the kept worktree.
    const dir = first.workspace.root;
    writeFileSync(join(dir, "src/unpushed.ts"), "// not pushed\n");
    const local = (...args: string[]) =>
      execFileSync("git", ["-C", dir, ...args], { encoding: "utf8" }).trim();
    local("add", "-A");
    local("-c", "user.name=Baton", "-c", "user.email=baton@example.com", "commit", "-qm", "Unpushed");
    const unpushed = local("rev-parse", "HEAD");
    fixture.github.closePullRequest("acme/api", 1, { merged: true });

    const second = await writeAndPublish(worker, "src/timeout.ts", "add a timeout");
    expect(second.outcome).toMatchObject({ kind: "pushed", pullRequest: { number: 2, opened: true } });
    expect(fixture.github.git.git("acme/api", "merge-base", "--is-ancestor", unpushed, first.branch)).toBe(
      "",
    );
  });

  it("restores the session on a second worker (another data dir) from the pushed branch, or from the base when nothing was pushed", async () => {
    const one = fixture.worker("one");
    const two = fixture.worker("two");
    const workspace = await one.workspaces.open(
      { sessionId: SESSION, target: TARGET, title: "Fix login" },
      signal,
    );
    writeFileSync(join(workspace.root, "src/login.ts"), "export const retries = 3;\n");
    const [pushed] = await one.publish(
      { workspace, turn: slackTurn(SESSION, "fix login"), summary: "Retry login", checks: [], links: LINKS },
      signal,
    );

    const restored = await two.workspaces.open({ sessionId: SESSION, target: TARGET, title: "" }, signal);
    expect(restored.created).toBe(true);
    expect(restored.root.startsWith(two.dataDir) || restored.root.includes("/two/")).toBe(true);
    expect(restored.repositories[0]?.startCommit).toBe(pushed?.kind === "pushed" ? pushed.commit : "");
    expect(readFileSync(join(restored.root, "src/login.ts"), "utf8")).toBe("export const retries = 3;\n");
    writeFileSync(join(restored.root, "src/timeout.ts"), "export const timeoutMs = 500;\n");
    const [again] = await two.publish(
      {
        workspace: restored,
        turn: slackTurn(SESSION, "add a timeout"),
        summary: "Add a timeout",
        checks: [],
        links: LINKS,
      },
      signal,
    );
    expect(again).toMatchObject({ kind: "pushed", pullRequest: { number: 1, opened: false } });
    expect(fixture.github.pullRequestsOf("acme/api")).toHaveLength(1);

    // Back on the first worker: its copy moves up to what the second pushed.
    const back = await one.workspaces.open({ sessionId: SESSION, target: TARGET, title: "" }, signal);
    expect(back.created).toBe(false);
    expect(back.repositories[0]?.startCommit).toBe(again?.kind === "pushed" ? again.commit : "");
    expect(existsSync(join(back.root, "src/timeout.ts"))).toBe(true);

    const fresh = "s_0badc0de-0000-4000-8000-000000000000";
    const unpushed = await one.workspaces.open(
      { sessionId: fresh, target: TARGET, title: "Look around" },
      signal,
    );
    const elsewhere = await two.workspaces.open({ sessionId: fresh, target: TARGET, title: "" }, signal);
    expect(elsewhere.repositories[0]?.startCommit).toBe(unpushed.repositories[0]?.startCommit);
    expect(elsewhere.repositories[0]?.branch).toBe(unpushed.repositories[0]?.branch);
  });

  it("puts an environment's repositories side by side; a repository outside GitHub gets its pushed branch and no pull request", async () => {
    const worker = fixture.worker("one");
    const workspace = await worker.workspaces.open(
      { sessionId: SESSION, target: { kind: "environment", id: "shop" }, title: "Restyle checkout" },
      signal,
    );
    expect(workspace.repositories.map((r) => r.repo)).toEqual(["acme/api", "acme/web"]);
    expect(workspace.repositories.map((r) => r.dir)).toEqual([
      join(workspace.root, "acme/api"),
      join(workspace.root, "acme/web"),
    ]);
    expect(new Set(workspace.repositories.map((r) => r.branch)).size).toBe(1);
    expect(workspace.writableRoots).toEqual([workspace.root, ...workspace.repositories.map((r) => r.dir)]);

    writeFileSync(join(workspace.root, "acme/web/index.html"), "<h1>Shop</h1>\n");
    const diff = await diffTurn(workspace, signal);
    expect(diff.files).toEqual([{ path: "acme/web/index.html", added: 1, removed: 1 }]);
    expect(diff.patch).toContain("b/acme/web/index.html");
    const outcomes = await worker.publish(
      { workspace, turn: slackTurn(SESSION, "restyle"), summary: "Restyle", checks: [], links: {} },
      signal,
    );
    expect(outcomes[0]).toEqual({ repo: "acme/api", kind: "no_changes" });
    expect(outcomes[1]).toMatchObject({
      repo: "acme/web",
      kind: "pushed",
      branch: workspace.repositories[1]?.branch,
    });
    expect(outcomes[1]).not.toHaveProperty("pullRequest");
    expect(outcomes[1]).not.toHaveProperty("branchUrl");
    const branch = workspace.repositories[1]?.branch ?? "";
    expect(
      execFileSync("git", ["-C", fixture.web.dir, "show", `${branch}:index.html`], { encoding: "utf8" }),
    ).toBe("<h1>Shop</h1>\n");
  });

  it("starts from the branch the target names, and opens the pull request against it", async () => {
    const worker = fixture.worker("one");
    fixture.github.git.git("acme/api", "branch", "release/2.x", "main");
    const target = { kind: "repository" as const, repo: "acme/api", branch: "release/2.x" };
    const workspace = await worker.workspaces.open({ sessionId: SESSION, target, title: "Backport" }, signal);
    expect(workspace.repositories[0]?.baseBranch).toBe("release/2.x");
    writeFileSync(join(workspace.root, "BACKPORT.md"), "yes\n");
    await worker.publish(
      { workspace, turn: slackTurn(SESSION, "backport it"), summary: "Backport", checks: [], links: {} },
      signal,
    );
    expect(fixture.github.pullRequestsOf("acme/api")).toMatchObject([{ pull: { baseRef: "release/2.x" } }]);
  });

  it("gives a session without a repository an empty scratch folder that never publishes", async () => {
    const worker = fixture.worker("one");
    const workspace = await worker.workspaces.open(
      { sessionId: SESSION, target: { kind: "none" }, title: "What is a monad?" },
      signal,
    );
    expect(workspace).toMatchObject({
      kind: "scratch",
      repositories: [],
      created: true,
      writableRoots: [workspace.root],
    });
    expect(readdirSync(workspace.root)).toEqual([]);
    writeFileSync(join(workspace.root, "notes.md"), "# notes\n");
    expect(
      await worker.publish(
        { workspace, turn: slackTurn(SESSION, "explain"), summary: "A monad is…", checks: [], links: {} },
        signal,
      ),
    ).toEqual([]);
    expect(await diffTurn(workspace, signal)).toEqual({ files: [], patch: "" });
  });

  it("works in the new target when the person changes the session's target", async () => {
    const worker = fixture.worker("one");
    const scratch = await worker.workspaces.open(
      { sessionId: SESSION, target: { kind: "none" }, title: "What does login retry?" },
      signal,
    );
    expect(scratch.kind).toBe("scratch");

    // Change target → acme/api: the agent needs the repository, not the empty scratch folder.
    const api = await worker.workspaces.open({ sessionId: SESSION, target: TARGET, title: "fix it" }, signal);
    expect(api).toMatchObject({ kind: "repositories", repositories: [{ repo: "acme/api" }] });
    writeFileSync(join(api.root, "src/login.ts"), "export const retries = 3;\n");
    const [pushed] = await worker.publish(
      { workspace: api, turn: slackTurn(SESSION, "fix it"), summary: "Retry", checks: [], links: {} },
      signal,
    );
    expect(pushed).toMatchObject({ repo: "acme/api", kind: "pushed" });

    // Change target → acme/web: the change goes there, never to acme/api's branch.
    const web = await worker.workspaces.open(
      { sessionId: SESSION, target: { kind: "repository", repo: "acme/web" }, title: "restyle" },
      signal,
    );
    expect(web.repositories.map((r) => r.repo)).toEqual(["acme/web"]);
    expect(readFileSync(join(web.root, "index.html"), "utf8")).toBe("<h1>shop</h1>\n");
    writeFileSync(join(web.root, "index.html"), "<h1>Shop</h1>\n");
    const [restyled] = await worker.publish(
      { workspace: web, turn: slackTurn(SESSION, "restyle"), summary: "Restyle", checks: [], links: {} },
      signal,
    );
    expect(restyled).toMatchObject({ repo: "acme/web", kind: "pushed" });
    const branch = web.repositories[0]?.branch ?? "";
    expect(
      execFileSync("git", ["-C", fixture.web.dir, "show", `${branch}:index.html`], { encoding: "utf8" }),
    ).toBe("<h1>Shop</h1>\n");
  });
});
