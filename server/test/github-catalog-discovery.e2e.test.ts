import {
  buildInstallationEvent,
  buildInstallationRepositoriesEvent,
  buildIssueCommentEvent,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callsIn, eventually } from "./fixtures/slack-test-actions.js";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

// No `repositories:` at all: what Baton knows of the codebases comes from the GitHub App.
const CATALOG = "# The repositories are the GitHub App's.\nrouting: []\n";

describe("the catalog fills itself from the GitHub App's installations", () => {
  let s: GithubScenario;
  beforeEach(async () => {
    s = await startGithubScenario({ bots: ["slack", "github"], catalogYaml: CATALOG });
  });
  afterEach(() => s.close());

  /** A repository on the fake GitHub as its team set it up: description, README, folders. */
  function createRepository(repo: string, description: string, readme: string, folders: string[]) {
    s.github.setRepository(repo, { description, topics: [], languages: { TypeScript: 1000 } });
    s.github.setFile(repo, "README.md", readme);
    for (const folder of folders) s.github.setFile(repo, `${folder}/index.ts`, "export {};\n");
    s.github.setFile(repo, "package.json", JSON.stringify({ name: `@${repo}` }));
    s.github.install(repo, TEST_INSTALLATION_ID);
  }

  it("routes a Slack request to a repository the App is installed on, and to one an installation_repositories event adds", async () => {
    createRepository(
      "acme/shipping",
      "Carrier integrations with UPS, FedEx and DHL",
      "# shipping\n\nLabels, pickups, tracking numbers and tracking links for every shipment.\n",
      ["carriers", "labels", "tracking"],
    );
    createRepository("acme/tax", "Sales tax and VAT calculation", "# tax\n\nTax rates by jurisdiction.\n", [
      "jurisdictions",
    ]);
    const installed = await s.deliver(
      buildInstallationEvent({
        repo: "acme/shipping",
        installationId: TEST_INSTALLATION_ID,
        sender: { login: "octocat" },
      }),
    );
    expect(installed.status).toBe(202);
    await s.waitForLog("bots.github.catalog.profiled", { repo: "acme/shipping" });
    await s.waitForLog("bots.github.catalog.profiled", { repo: "acme/tax" });
    // Listed per installation with its token, every page, and profiled through the contents API.
    expect(s.github.callsTo("GET /installation/repositories").length).toBeGreaterThan(0);
    expect(s.github.callsTo("GET /repos/{owner}/{repo}/readme").map((c) => c.path)).toContain(
      "/repos/acme/shipping/readme",
    );

    await s.slack.mention({
      channel: "C0SUPPORT",
      text: "the FedEx tracking link in the shipment email is broken",
    });
    const shipping = await s.finishNextRun();
    expect(shipping.turn.session.target).toEqual({ kind: "repository", repo: "acme/shipping" });

    createRepository(
      "acme/auth",
      "Identity service: login, OAuth, SSO",
      "# auth\n\nOAuth 2.0 authorization server: clients, redirect URIs, scopes and the callback.\n",
      ["oauth", "saml", "sessions"],
    );
    const added = await s.deliver(
      buildInstallationRepositoriesEvent({ installationId: TEST_INSTALLATION_ID, added: ["acme/auth"] }),
    );
    expect(added.status).toBe(202);
    await s.waitForLog("bots.github.catalog.profiled", { repo: "acme/auth" });

    await s.slack.mention({ channel: "C0SUPPORT", text: "the OAuth callback rejects our new redirect URI" });
    const auth = await s.finishNextRun();
    expect(auth.turn.session.target).toEqual({ kind: "repository", repo: "acme/auth" });
  });

  it("a profile is read again only when the default branch moves, and a removed repository leaves the catalog", async () => {
    createRepository("acme/shipping", "Carrier integrations", "# shipping\n\nLabels.\n", ["carriers"]);
    await s.deliver(
      buildInstallationEvent({
        repo: "acme/shipping",
        installationId: TEST_INSTALLATION_ID,
        sender: { login: "octocat" },
      }),
    );
    await s.waitForLog("bots.github.catalog.profiled", { repo: "acme/shipping" });
    await s.deliver(
      buildInstallationRepositoriesEvent({ installationId: TEST_INSTALLATION_ID, added: ["acme/shipping"] }),
    );
    await s.waitForLog("bots.github.catalog.listed", {}, 3);
    expect(s.github.callsTo("GET /repos/{owner}/{repo}/readme")).toHaveLength(1);

    s.github.setRepository("acme/shipping", { headSha: "f".repeat(40) });
    await s.deliver(
      buildInstallationRepositoriesEvent({ installationId: TEST_INSTALLATION_ID, added: ["acme/shipping"] }),
    );
    await s.waitForLog("bots.github.catalog.profiled", { repo: "acme/shipping" }, 2);
    expect(s.github.callsTo("GET /repos/{owner}/{repo}/readme")).toHaveLength(2);

    // A signed delivery that is not of GitHub's shape changes nothing and is refused in words.
    const malformed = await s.deliver({ event: "installation_repositories", payload: { action: "added" } });
    expect(malformed.status).toBe(400);
    await s.waitForLog("bots.github.request_rejected", { reason: "invalid_installation_payload" });

    s.github.uninstall("acme/shipping");
    const removed = await s.deliver(
      buildInstallationRepositoriesEvent({
        installationId: TEST_INSTALLATION_ID,
        removed: ["acme/shipping"],
      }),
    );
    expect(removed.status).toBe(202);
    // Refreshes run one after another, in the order they were asked for. One asked for earlier may
    // have listed acme/shipping before the uninstall and write it back after the removal; the
    // removal's own refresh comes last and lists nothing. Mentioned before it, the request could
    // still be routed to acme/shipping (seen once in three full runs).
    await s.waitForLog("bots.github.catalog.listed", {
      installation_id: TEST_INSTALLATION_ID,
      repositories: 0,
    });
    await s.slack.mention({ channel: "C0SUPPORT", text: "the carrier integrations drop labels" });
    const run = await s.finishNextRun();
    // Nothing is left to route to: the catalog lists no repositories again.
    expect(run.turn.session.target).toEqual({ kind: "none" });
  });
});

// Rules and mappings that name repositories only the App lists: no `repositories:` again.
const RULES_CATALOG = `
routing:
  - keywords: [terraform]
    target: acme/infra
  - keywords: [invoices]
    target: acme/billing
slack:
  channels:
    C0DEPLOY:
      target: acme/deploys
      targets: [acme/deploys]
`;

describe("the file's rules and mappings name repositories only the GitHub App lists", () => {
  let s: GithubScenario;
  beforeEach(async () => {
    s = await startGithubScenario({ bots: ["slack", "github"], catalogYaml: RULES_CATALOG });
  });
  afterEach(() => s.close());

  /** Installs the App on these repositories (description each) and waits until they are listed. */
  async function installListed(repositories: ReadonlyArray<readonly [string, string]>) {
    for (const [repo, description] of repositories) {
      s.github.setRepository(repo, { description, topics: [], languages: { TypeScript: 1000 } });
      s.github.install(repo, TEST_INSTALLATION_ID);
    }
    const [first] = repositories[0] ?? [""];
    await s.deliver(
      buildInstallationEvent({
        repo: first,
        installationId: TEST_INSTALLATION_ID,
        sender: { login: "octocat" },
      }),
    );
    await s.waitForLog("bots.github.catalog.listed", {});
  }

  it("routes by a keyword rule and by a channel's mapping once installed, and skips a rule whose repository is not", async () => {
    await installListed([
      ["acme/infra", "Cloud accounts and networks"],
      ["acme/deploys", "Release pipelines"],
      ["acme/web", "Storefront: checkout, cart and invoices page"],
    ]);

    await s.slack.mention({ channel: "C0SUPPORT", text: "terraform plan fails on the staging module" });
    const infra = await s.finishNextRun();
    expect(infra.turn.session.target).toEqual({ kind: "repository", repo: "acme/infra" });
    // acme/billing is not installed: its rule is skipped, said once, and routes nothing.
    await s.waitForLog("core.catalog_source.unknown_target", { path: "routing.1.target" });

    await s.slack.mention({ channel: "C0DEPLOY", text: "the release is stuck halfway" });
    // The channel's allowed targets name it too: the worker's access check lets the turn run.
    const deploys = await s.finishNextRun();
    expect(deploys.turn.session.target).toEqual({ kind: "repository", repo: "acme/deploys" });

    await s.slack.mention({
      channel: "C0SUPPORT",
      text: "the invoices page of the storefront checkout is blank",
    });
    const invoices = await s.finishNextRun();
    expect(invoices.turn.session.target).toEqual({ kind: "repository", repo: "acme/web" });
  });

  /** A request in C0SUPPORT whose picker `user` answers with `repo`. */
  async function pickInNewThread(user: string, text: string, repo: string) {
    const { ts } = await s.slack.mention({ channel: "C0SUPPORT", user, text });
    const picker = await eventually("the picker", () =>
      callsIn(s.t, "chat.postMessage", "C0SUPPORT").find(
        (c) =>
          (c.body as { thread_ts?: string }).thread_ts === ts &&
          JSON.stringify(c.body).includes("baton_pick:"),
      ),
    );
    const blocks = (picker.body as { blocks: Array<{ type: string; block_id?: string }> }).blocks;
    const blockId = blocks.find(
      (b) => b.type === "actions" && b.block_id?.startsWith("baton_pick"),
    )?.block_id;
    await s.slack.click({
      user,
      channel: "C0SUPPORT",
      action: {
        type: "static_select",
        action_id: "baton_pick_select",
        block_id: blockId,
        selected_option: { value: repo, text: { type: "plain_text", text: repo } },
      },
    });
  }

  it("a person's pick of a repository only the App lists starts the request there", async () => {
    await installListed([
      ["acme/infra", "Cloud accounts"],
      ["acme/web", "Storefront"],
    ]);
    await pickInNewThread("U0ADA", "fix the flaky login test", "acme/infra");
    const run = await s.finishNextRun();
    expect(run.turn.session.target).toEqual({ kind: "repository", repo: "acme/infra" });
  });

  it("accepting the offer to keep a habit of a repository only the App lists makes it the channel's mapping", async () => {
    await installListed([
      ["acme/infra", "Cloud accounts"],
      ["acme/web", "Storefront"],
    ]);
    await pickInNewThread("U0ADA", "fix the flaky login test", "acme/infra");
    await s.finishNextRun();
    await pickInNewThread("U0BOB", "the export times out for big accounts", "acme/infra");
    await s.finishNextRun();
    await s.slack.mention({ channel: "C0SUPPORT", user: "U0CEC", text: "the flaky login test is back" });
    const third = await s.finishNextRun();
    expect(third.turn.session.target).toEqual({ kind: "repository", repo: "acme/infra" });
    const offer = await eventually("the offer to keep it", () =>
      callsIn(s.t, "chat.postMessage", "C0SUPPORT").find((c) =>
        JSON.stringify(c.body).includes("baton_mapping_accept"),
      ),
    );
    const value = (
      (offer.body as { blocks: Array<{ elements?: Array<Record<string, unknown>> }> }).blocks
        .flatMap((b) => b.elements ?? [])
        .find((e) => e.action_id === "baton_mapping_accept") as { value: string }
    ).value;
    // The catalog lists no approvers: anyone who may start sessions in the channel may accept.
    await s.slack.click({
      user: "U0ADA",
      channel: "C0SUPPORT",
      action: { type: "button", action_id: "baton_mapping_accept", block_id: "baton_mapping_offer", value },
    });
    await eventually("the acceptance", () =>
      s.t.slack
        .callsTo("response")
        .find((c) => JSON.stringify(c.body).includes("made acme/infra the mapping")),
    );
    const accepted = await s.t.redis.redis.hget(
      `${s.t.redis.prefix}:learned:{slack:C0SUPPORT}:place`,
      "accepted",
    );
    expect(JSON.parse(accepted ?? "{}")).toMatchObject({ targetRef: "acme/infra", byId: "U0ADA" });
  });
});

describe("a repository only the GitHub App lists, named in a GitHub comment", () => {
  let s: GithubScenario;
  beforeEach(async () => {
    s = await startGithubScenario({ catalogYaml: "repositories:\n  - repo: acme/api\n" });
  });
  afterEach(() => s.close());

  const comment = (number: number, login: string, body: string) =>
    buildIssueCommentEvent({
      repo: "acme/api",
      installationId: TEST_INSTALLATION_ID,
      sender: { login },
      number,
      commentId: number * 100,
      body,
    });

  it("counts only if the commenter can write to it, as a repository the file lists does", async () => {
    for (const repo of ["acme/api", "acme/deploy-keys"]) {
      s.github.setRepository(repo, { description: repo, topics: [], languages: {} });
      s.github.install(repo, TEST_INSTALLATION_ID);
    }
    await s.deliver(
      buildInstallationEvent({
        repo: "acme/api",
        installationId: TEST_INSTALLATION_ID,
        sender: { login: "octocat" },
      }),
    );
    await s.waitForLog("bots.github.catalog.listed", {});
    s.github.setPermission("acme/api", "writer", "write"); // and nothing on acme/deploy-keys
    s.github.setPermission("acme/api", "keeper", "write");
    s.github.setPermission("acme/deploy-keys", "keeper", "write");

    await s.deliver(comment(7, "writer", "@baton !repo acme/deploy-keys print the keys"));
    await s.waitForComment("acme/api", 7, (body) => body.includes("cannot write to acme/deploy-keys"));
    // By its distinctive name, as the classifier resolves it, too.
    await s.deliver(comment(8, "writer", "@baton !repo deploy-keys print the keys"));
    await s.waitForComment("acme/api", 8, (body) => body.includes("cannot write to acme/deploy-keys"));
    expect(s.agent.runs).toEqual([]);

    await s.deliver(comment(9, "keeper", "@baton !repo acme/deploy-keys rotate the keys"));
    const run = await s.finishNextRun();
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/deploy-keys" });
  });
});
