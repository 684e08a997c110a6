import { once } from "node:events";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import {
  CODEX_CHANNEL,
  CODEX_MODEL_KEY,
  type CodexScenario,
  startCodexScenario,
} from "./fixtures/start-codex-scenario.js";
import { TEST_BOT_TOKEN } from "./fixtures/start-test-baton.js";

// What the agent's commands meet when a person asks through the gateway: the real codex CLI in
// its real sandbox, on a worker whose own environment holds secrets. What each command got is read
// from the model's side (the CLI's event stream now and then leaves out a command that ends
// within a millisecond).
const TURN_WAIT_MS = 25_000;
// The worker's own environment, as a deployment would have it.
const WORKER_SECRETS = {
  OPENAI_API_KEY: CODEX_MODEL_KEY,
  GITHUB_TOKEN: "ghp_worker0token0that0must0not0leak",
  SLACK_BOT_TOKEN: "xoxb-worker-env-token-must-not-leak",
};

describe("BATON_BACKEND=codex: the agent's commands in the sandbox, asked from Slack", () => {
  let s: CodexScenario;
  let loopback: Server;
  let loopbackHits = 0;
  let loopbackUrl = "";
  const saved: Record<string, string | undefined> = {};
  beforeEach(async () => {
    for (const [name, value] of Object.entries(WORKER_SECRETS)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    loopbackHits = 0;
    loopback = createServer((_req, res) => res.end(`hit ${++loopbackHits}`)).listen(0, "127.0.0.1");
    await once(loopback, "listening");
    loopbackUrl = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/`;
    s = await startCodexScenario({ env: { GITHUB_TOKEN: WORKER_SECRETS.GITHUB_TOKEN } });
  });
  afterEach(async () => {
    await s.close();
    await new Promise<void>((resolve) => loopback.close(() => resolve()));
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** Mentions Baton in a new thread and resolves with the result posted there. */
  async function askAndWait(text: string, resultHolds: string) {
    const { ts } = await slackActions(s.t).mention({ channel: CODEX_CHANNEL, text });
    return eventually(
      "the result in the thread",
      () =>
        callsIn(s.t, "chat.postMessage", CODEX_CHANNEL).find(
          (c) => (c.body as { thread_ts?: string }).thread_ts === ts && textOf(c).includes(resultHolds),
        ),
      TURN_WAIT_MS,
    );
  }

  it("writes outside the workspace are refused: the worker's data dir, another session's workspace, /tmp", async () => {
    s.model.setScript([{ kind: "text", text: "first session answered" }]);
    await askAndWait("look at the sum function", "first session answered");
    const dataDir = s.t.baton.config.BATON_DATA_DIR;
    const [other] = readdirSync(join(dataDir, "sessions"));
    const otherWorkspace = join(dataDir, "sessions", other ?? "missing", "work", "acme", "web");
    expect(existsSync(join(otherWorkspace, "sum.js"))).toBe(true);
    const tmpFile = `/tmp/baton-e2e-escape-${process.pid}.txt`;
    s.model.setScript([
      { kind: "exec", cmd: `echo escaped > ${dataDir}/escape.txt` },
      { kind: "exec", cmd: `echo "module.exports = 0;" > ${otherWorkspace}/sum.js` },
      { kind: "exec", cmd: `echo escaped > ${tmpFile}` },
      { kind: "exec", cmd: `mkdir -p ${dataDir}/workspaces/planted` },
      { kind: "text", text: "tried to write outside" },
    ]);

    await askAndWait("write where you should not", "tried to write outside");

    const outputs = s.model.requests.at(-1)?.toolOutputs ?? [];
    expect(outputs).toHaveLength(4);
    for (const output of outputs) {
      expect(output).toMatchObject({ exitCode: 1, text: expect.stringMatching(/Read-only file system/) });
    }
    expect(existsSync(join(dataDir, "escape.txt"))).toBe(false);
    expect(existsSync(join(otherWorkspace, "sum.js"))).toBe(true);
    expect(existsSync(tmpFile)).toBe(false);
    expect(existsSync(join(dataDir, "workspaces", "planted"))).toBe(false);
    // Nothing changed in this workspace either: no pull request.
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(0);
  });

  it("the worker's environment and git credentials are not there, and the network is off (loopback too)", async () => {
    s.model.setScript([
      { kind: "exec", cmd: "env" },
      { kind: "exec", cmd: `cat /proc/${process.pid}/environ /proc/1/environ | tr '\\0' '\\n'` },
      {
        kind: "exec",
        cmd: 'git config --list --show-origin; cat "$(git rev-parse --git-common-dir)/config"; git remote -v',
      },
      {
        kind: "exec",
        cmd: `node -e "fetch('${loopbackUrl}').then(() => process.exit(0), () => process.exit(7))"`,
      },
      { kind: "text", text: "looked around" },
    ]);

    const result = await askAndWait("show me what you can see", "looked around");

    const [environment, processEnvironments, gitConfig, network] = s.model.requests.at(-1)?.toolOutputs ?? [];
    expect(environment?.text).toContain("PATH=");
    expect(gitConfig?.exitCode).toBe(0);
    expect(network).toMatchObject({ exitCode: 7 });
    expect(loopbackHits).toBe(0);
    // The secrets: the worker's own, Baton's Slack token, the App's key, any installation token.
    const secrets = [
      ...Object.values(WORKER_SECRETS),
      TEST_BOT_TOKEN,
      s.github.app.privateKey.split("\n")[1] ?? "missing",
      "ghs_fake",
      "extraheader",
    ];
    const seenByModel = [environment, processEnvironments, gitConfig].map((output) => output?.text ?? "");
    for (const text of seenByModel) for (const secret of secrets) expect(text).not.toContain(secret);
    expect(environment?.text).not.toContain("BATON_");
    // Nor anywhere people look: the thread, and the transcript behind the share link.
    const shareId = textOf(result).match(/\/s\/([\w-]+)/)?.[1];
    const markdown = await (await fetch(`${s.t.url}/api/shared/${shareId}/markdown`)).text();
    const page = await (await fetch(`${s.t.url}/s/${shareId}`)).text();
    // The transcript shows the commands and what they printed (a block that still looks secret,
    // like `env`'s random paths and ids, is withheld whole, failing closed).
    expect(markdown).toContain("core.bare=false");
    expect(markdown).toContain("[exit 7]");
    const thread = JSON.stringify(s.t.slack.calls.map((call) => call.body));
    for (const shown of [markdown, page, thread]) {
      for (const secret of secrets) expect(shown).not.toContain(secret);
    }
  });
});
