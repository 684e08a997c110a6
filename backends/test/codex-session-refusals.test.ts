import { readdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readWorkspaceRecord } from "../src/codex/workspace/workspace-record.js";
import { type CodexSessionFixture, createCodexSessionFixture, slackTurn } from "./codex-session-fixture.js";

let fixture: CodexSessionFixture;
beforeEach(async () => {
  fixture = await createCodexSessionFixture();
});
afterEach(() => fixture.cleanup());

const signal = new AbortController().signal;
const TARGET = { kind: "repository" as const, repo: "acme/api" };

async function openWithChange(worker: ReturnType<CodexSessionFixture["worker"]>, sessionId: string) {
  const workspace = await worker.workspaces.open({ sessionId, target: TARGET, title: "Fix login" }, signal);
  writeFileSync(join(workspace.root, "src/login.ts"), `export const retries = ${Math.random()};\n`);
  return workspace;
}

const publishOf = (
  worker: ReturnType<CodexSessionFixture["worker"]>,
  workspace: Awaited<ReturnType<typeof openWithChange>>,
) =>
  worker.publish(
    {
      workspace,
      turn: slackTurn(workspace.sessionId, "fix login"),
      summary: "Retry login",
      checks: [],
      links: {},
    },
    signal,
  );

describe("a codex session's refusals and cleanup", () => {
  it("says a push to a protected branch was refused, and pushes nothing", async () => {
    const worker = fixture.worker("one");
    const workspace = await openWithChange(worker, "s_protected-1");
    const branch = workspace.repositories[0]?.branch ?? "";
    fixture.github.git.protectBranch("acme/api", branch);
    const [refused] = await publishOf(worker, workspace);
    expect(refused).toMatchObject({ repo: "acme/api", kind: "push_refused", reason: "protected" });
    expect(refused?.kind === "push_refused" && refused.message).toContain("GH006");
    expect(fixture.github.git.branchHead("acme/api", branch)).toBeUndefined();
    expect(fixture.github.pullRequestsOf("acme/api")).toEqual([]);
  });

  it("says the branch moved under Baton when someone pushed to it during the turn, without overwriting it", async () => {
    const worker = fixture.worker("one");
    const first = await openWithChange(worker, "s_moved-1");
    await publishOf(worker, first);
    const branch = first.repositories[0]?.branch ?? "";
    const second = await openWithChange(worker, "s_moved-1");
    // Someone else's commit, not on top of Baton's: the branch went another way.
    const git = (...args: string[]) => fixture.github.git.git("acme/api", ...args);
    const theirs = git("commit-tree", "-p", "main", "-m", "someone else", `main^{tree}`);
    git("update-ref", `refs/heads/${branch}`, theirs);
    const [refused] = await publishOf(worker, second);
    expect(refused).toMatchObject({ kind: "push_refused", reason: "moved" });
    expect(fixture.github.git.branchHead("acme/api", branch)).toBe(theirs);

    // The next turn starts from what is on the remote.
    const third = await worker.workspaces.open({ sessionId: "s_moved-1", target: TARGET, title: "" }, signal);
    expect(third.repositories[0]?.startCommit).toBe(theirs);
    const nothing = await worker.publish(
      { workspace: third, turn: slackTurn("s_moved-1", "anything?"), summary: "No", checks: [], links: {} },
      signal,
    );
    expect(nothing).toEqual([{ repo: "acme/api", kind: "no_changes" }]);

    // A person pushes on top of the branch: the next turn builds on their commit, and its files are its own.
    const personal = git("commit-tree", "-p", theirs, "-m", "a reviewer's fix", `${theirs}^{tree}`);
    git("update-ref", `refs/heads/${branch}`, personal);
    const fourth = await worker.workspaces.open(
      { sessionId: "s_moved-1", target: TARGET, title: "" },
      signal,
    );
    expect(fourth.repositories[0]?.startCommit).toBe(personal);
    writeFileSync(join(fourth.root, "src/extra.ts"), "export {};\n");
    const [built] = await publishOf(worker, fourth);
    expect(built).toMatchObject({ kind: "pushed", files: [{ path: "src/extra.ts", added: 1, removed: 0 }] });
    expect(git("rev-parse", `${branch}^`)).toBe(personal);
  });

  it("pushes the branch and says why when GitHub will not open the pull request", async () => {
    const worker = fixture.worker("one");
    const workspace = await openWithChange(worker, "s_pullrefused-1");
    fixture.github.failNext("POST /repos/{owner}/{repo}/pulls", { kind: "http", status: 403 });
    const [outcome] = await publishOf(worker, workspace);
    const branch = workspace.repositories[0]?.branch ?? "";
    expect(outcome).toMatchObject({
      kind: "pushed",
      branch,
      branchUrl: `${fixture.github.url}/acme/api/tree/${branch}`,
      pullRequestRefused: "Server Error",
    });
    expect(outcome).not.toHaveProperty("pullRequest");
    expect(fixture.github.git.branchHead("acme/api", branch)).toBe(
      outcome?.kind === "pushed" ? outcome.commit : "",
    );

    // The next turn's push opens it.
    const again = await worker.workspaces.open(
      { sessionId: "s_pullrefused-1", target: TARGET, title: "" },
      signal,
    );
    writeFileSync(join(again.root, "src/more.ts"), "export {};\n");
    const [opened] = await publishOf(worker, again);
    expect(opened).toMatchObject({ kind: "pushed", pullRequest: { number: 1, opened: true } });
  });

  it("says in words when the repository cannot be fetched, and leaves nothing behind", async () => {
    const worker = fixture.worker("one");
    const opening = worker.workspaces.open(
      { sessionId: "s_unknown-1", target: { kind: "repository", repo: "acme/missing" }, title: "Fix" },
      signal,
    );
    await expect(opening).rejects.toMatchObject({
      code: "backend_failed",
      userMessage: expect.stringContaining("could not get this session's repositories"),
    });
    expect(await worker.state.load("s_unknown-1")).toBeNull();
    expect(readdirSync(join(worker.dataDir, "sessions")).filter((name) => !name.endsWith(".lock"))).toEqual(
      [],
    );
  });

  it("opens a ready pull request where the repository's plan has no drafts", async () => {
    const worker = fixture.worker("one");
    fixture.github.disallowDrafts("acme/api");
    const workspace = await openWithChange(worker, "s_nodrafts-1");
    const [outcome] = await publishOf(worker, workspace);
    expect(outcome).toMatchObject({ kind: "pushed", pullRequest: { number: 1, opened: true } });
    expect(fixture.github.pullRequestsOf("acme/api")).toMatchObject([{ number: 1, pull: { draft: false } }]);
    expect(fixture.github.callsTo("POST /repos/{owner}/{repo}/pulls").map((call) => call.status)).toEqual([
      422, 201,
    ]);
  });

  it("commits with Baton's own git directory even when the agent rewrote the worktree's .git file", async () => {
    const worker = fixture.worker("one");
    const workspace = await openWithChange(worker, "s_tampered-1");
    writeFileSync(join(workspace.root, ".git"), "gitdir: /nonexistent/elsewhere\n");
    const [outcome] = await publishOf(worker, workspace);
    expect(outcome).toMatchObject({ kind: "pushed", pullRequest: { number: 1 } });
  });

  it("removes a session's workspace, its branch in the store and its state; a sweep removes those of dead processes, ended sessions and idle ones", async () => {
    const worker = fixture.worker("one");
    const sessionsDir = join(worker.dataDir, "sessions");
    const removed = await worker.workspaces.open(
      { sessionId: "s_removed-1", target: TARGET, title: "Gone" },
      signal,
    );
    const branch = removed.repositories[0]?.branch ?? "";
    const store = join(worker.dataDir, "workspaces", "acme", "api", "branch-main");
    expect(listBranches(store)).toContain(branch);
    await worker.workspaces.remove("s_removed-1");
    expect(readdirSync(sessionsDir).filter((name) => !name.endsWith(".lock"))).toEqual([]);
    expect(listBranches(store)).not.toContain(branch);
    expect(await worker.state.load("s_removed-1")).toBeNull();

    const live = await worker.workspaces.open(
      { sessionId: "s_live-1", target: TARGET, title: "Live" },
      signal,
    );
    await worker.workspaces.open({ sessionId: "s_dead-1", target: TARGET, title: "Dead" }, signal);
    await worker.workspaces.open({ sessionId: "s_ended-1", target: TARGET, title: "Ended" }, signal);
    await worker.workspaces.open({ sessionId: "s_idle-1", target: TARGET, title: "Idle" }, signal);
    await rewriteRecord(join(sessionsDir, "s_dead-1"), { owner: `${hostname()} 999999` });
    await rewriteRecord(join(sessionsDir, "s_idle-1"), { usedAt: Date.now() - 3 * 60 * 60_000 });
    await worker.state.forget("s_ended-1");

    const swept = await worker.workspaces.sweep();
    expect(swept.removed.sort()).toEqual(["s_dead-1", "s_ended-1", "s_idle-1"]);
    expect(readdirSync(sessionsDir).filter((name) => !name.endsWith(".lock"))).toEqual(["s_live-1"]);
    expect(listBranches(store)).toEqual([live.repositories[0]?.branch]);
    // A swept session with its state is restored by its next turn.
    const back = await worker.workspaces.open({ sessionId: "s_idle-1", target: TARGET, title: "" }, signal);
    expect(back.created).toBe(true);
  });
});

function listBranches(store: string): string[] {
  return readdirSync(join(store, ".git", "refs", "heads"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name).slice(join(store, ".git", "refs", "heads").length + 1),
    );
}

async function rewriteRecord(sessionDir: string, change: { owner?: string; usedAt?: number }) {
  const record = await readWorkspaceRecord(sessionDir);
  if (!record) throw new Error(`no record in ${sessionDir}`);
  writeFileSync(join(sessionDir, "workspace.json"), JSON.stringify({ ...record, ...change }));
}
