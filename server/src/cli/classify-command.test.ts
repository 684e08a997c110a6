import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeOpenAI, startFakeOpenAI } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runClassifyCommand } from "./classify-command.js";

const CATALOG_YAML = `
repositories:
  - repo: acme/web
    description: Customer storefront
    aliases: [storefront]
  - repo: acme/payments
    description: Card payments and refunds through Stripe
    keywords: [refund, stripe]
  - repo: acme/payments-ledger
    description: Ledger of money movements
    keywords: [reconciliation, payout]
environments:
  - id: money
    name: Finance
    repositories: [acme/payments, acme/payments-ledger]
routing:
  - keywords: [legacy]
    target: acme/monolith
slack:
  channels:
    payments-eng: { target: acme/payments }
`;

let dir: string;
let catalogFile: string;
let fake: FakeOpenAI | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "baton-classify-"));
  catalogFile = join(dir, "baton.config.yaml");
  await writeFile(catalogFile, CATALOG_YAML);
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function run(args: string[], env: Record<string, string | undefined> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runClassifyCommand(args, {
    env: { BATON_CONFIG: catalogFile, ...env },
    stdout: (line) => stdout.push(line),
    stderr: (line) => stderr.push(line),
  });
  return { code, stdout: stdout.join("\n"), stderr: stderr.join("\n") };
}

describe("baton classify", () => {
  it("prints the decision as JSON, and the catalog's warnings on stderr", async () => {
    const { code, stdout, stderr } = await run(["in acme/payments, refunds fail"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      kind: "chosen",
      target: { kind: "repository", repo: "acme/payments" },
      via: "explicit",
      confidence: "high",
      reason: "The request names acme/payments.",
    });
    expect(stderr).toContain(
      "routing.0.target: acme/monolith is not a repository or environment of the catalog",
    );
  });

  it("uses the Slack channel, the GitHub repository and extra context like an adapter would", async () => {
    expect(JSON.parse((await run(["--channel", "#payments-eng", "why?"])).stdout)).toMatchObject({
      via: "mapping",
      target: { repo: "acme/payments" },
    });
    const github = await run(["--platform", "github", "--repo", "acme/web", "add tests"]);
    expect(JSON.parse(github.stdout)).toMatchObject({ via: "mapping", target: { repo: "acme/web" } });
    const linear = await run([
      "--platform",
      "linear",
      "--context",
      "linear.title=payouts break the reconciliation",
      "take it",
    ]);
    expect(JSON.parse(linear.stdout)).toMatchObject({
      via: "lexical",
      target: { repo: "acme/payments-ledger" },
    });
  });

  it("prints the candidates when it would ask", async () => {
    const { stdout } = await run(["--config", catalogFile, "make it faster"]);
    expect(JSON.parse(stdout)).toEqual({
      kind: "ask",
      candidates: [{ kind: "environment", id: "money" }, { kind: "none" }],
      reason: "Nothing in the request matches a repository or environment.",
    });
  });

  it("asks the LLM when OPENAI_BASE_URL is set, and falls back with a warning when it fails", async () => {
    fake = await startFakeOpenAI({
      script: [
        {
          kind: "json",
          value: {
            targetId: "acme/payments-ledger",
            confidence: "high",
            reasoning: "Payouts.",
            alternatives: [],
          },
        },
        { kind: "error", status: 500 },
      ],
    });
    const env = { OPENAI_BASE_URL: fake.url, OPENAI_MODEL: "gpt-test" };
    expect(JSON.parse((await run(["money moves oddly"], env)).stdout)).toMatchObject({
      via: "llm",
      target: { repo: "acme/payments-ledger" },
    });
    expect(fake.requests[0]?.body.model).toBe("gpt-test");
    const fallback = await run(["stripe refund fails twice"], env);
    expect(JSON.parse(fallback.stdout)).toMatchObject({ via: "lexical", target: { repo: "acme/payments" } });
    expect(fallback.stderr).toContain('"event":"core.classifier.llm_failed"');
    expect(fallback.stderr).not.toContain("stripe refund fails twice");
  });

  it("fails with exit code 1 when the catalog cannot be loaded", async () => {
    await writeFile(catalogFile, "repositories: [\n");
    const { code, stdout, stderr } = await run(["anything"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`${catalogFile} is not a valid Baton catalog`);
    expect((await run(["--config", join(dir, "missing.yaml"), "anything"])).code).toBe(1);
  });

  it("fails with exit code 2 on bad usage", async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(["--platform", "email", "hi"])).code).toBe(2);
    expect((await run(["--platform", "github", "hi"])).stderr).toContain("--repo OWNER/NAME");
    expect((await run(["--bogus", "hi"])).code).toBe(2);
    expect((await run(["--help"])).code).toBe(0);
  });

  it("offers each listed platform, with the flags its module reads, and says which it would take", async () => {
    const help = (await run(["--help"])).stdout;
    expect(help).toContain("[--platform slack|github|linear]");
    expect(help).toContain("(default slack)");
    expect(help).toContain("  --channel    Slack channel name or id");
    expect(help).toContain("  --repo       GitHub: the repository the comment was made in");
    expect(help).toContain("--context linear.team=ENG");
    expect((await run(["--platform", "email", "hi"])).stderr).toContain(
      '--platform must be one of slack, github, linear, not "email".',
    );
  });
});
