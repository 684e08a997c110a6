import { createLearnedRoutingStore, createRedisKeys, exportLearnedMappings } from "@baton/core";
import { buildIssueCommentEvent } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "./fixtures/slack-test-actions.js";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";

// acme/web's issues start in acme/web itself; checkout spans it and the API, storefront only it.
const CATALOG = `
repositories: [{ repo: acme/web, description: Shop front end }, { repo: acme/api, description: Orders API }]
environments:
  - { id: checkout, name: Checkout, repositories: [acme/web, acme/api] }
  - { id: storefront, name: Storefront, repositories: [acme/web] }
`;

const CHECKOUT = { kind: "environment", id: "checkout" };

describe("GitHub: a repository's issues learn the environment people move them to", () => {
  let s: GithubScenario;
  let commentId = 5000;
  afterEach(() => s.close());

  async function start(catalogYaml: string) {
    s = await startGithubScenario({ catalogYaml });
    for (const repo of ["acme/web", "acme/api"]) s.github.setPermission(repo, "octocat", "write");
  }

  /** `@baton <body>` by `sender` on acme/web#`number`; returns the run it started. */
  async function comment(number: number, body: string, sender = "octocat") {
    commentId += 1;
    const delivered = await s.deliver(
      buildIssueCommentEvent({
        repo: "acme/web",
        installationId: TEST_INSTALLATION_ID,
        sender: { login: sender },
        number,
        commentId,
        title: `Issue ${number}`,
        body: `@baton ${body}`,
      }),
    );
    expect(delivered.status).toBe(202);
  }

  /** An issue that starts in the repository and is moved to env:checkout by its follow-up. */
  async function movedToCheckout(number: number, sender = "octocat") {
    await comment(number, "fix the cart total", sender);
    expect((await s.finishNextRun()).turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    await comment(number, "in env:checkout: the total comes from the API", sender);
    expect((await s.finishNextRun()).turn.target).toEqual(CHECKOUT);
  }

  const learned = () =>
    createLearnedRoutingStore({ redis: s.t.redis.redis, keys: createRedisKeys(s.t.redis.prefix) }).read(
      "github:acme/web",
    );

  it("two issues moved to an environment send the third there; a named target still wins", async () => {
    await start(CATALOG);
    await movedToCheckout(1);
    await movedToCheckout(2);
    const place = await learned();
    expect(Object.keys(place?.votes ?? {})).toHaveLength(2);
    // Exported as the catalog writes it (the GitHub section reads `env:checkout` as `checkout`).
    expect(exportLearnedMappings(place ? [place] : [])).toContain(
      "acme/web:\n      defaultEnvironment: env:checkout",
    );

    await comment(3, "the coupon field rejects valid codes");
    const third = await s.finishNextRun();
    expect(third.turn.target).toEqual(CHECKOUT);

    await comment(4, "in acme/web: the coupon field rejects valid codes");
    expect((await s.finishNextRun()).turn.target).toEqual({ kind: "repository", repo: "acme/web" });
  });

  it("offers the habit once in the issue; `@baton always env:checkout` from a writer makes it the default, a reader is refused", async () => {
    await start(CATALOG);
    s.github.setPermission("acme/web", "drive-by", "read");
    await movedToCheckout(1);
    await movedToCheckout(2);
    await comment(3, "the coupon field rejects valid codes");
    expect((await s.finishNextRun()).turn.target).toEqual(CHECKOUT);
    const offers = () =>
      s.github.commentsOn("acme/web", 3).filter((c) => c.body.includes("@baton always env:checkout"));
    await eventually("the offer", () => offers()[0]);
    // Offered once: the next issue the habit routes gets no second offer.
    await comment(4, "the coupon field rejects valid codes again");
    expect((await s.finishNextRun()).turn.target).toEqual(CHECKOUT);
    expect(s.github.commentsOn("acme/web", 4).some((c) => c.body.includes("always env:checkout"))).toBe(
      false,
    );
    expect(offers()).toHaveLength(1);

    const said = (login: string, text: string) => () =>
      s.github.commentsOn("acme/web", 3).find((c) => c.body.startsWith(`@${login}`) && c.body.includes(text));
    await comment(3, "always env:checkout", "drive-by");
    await eventually("the refusal", said("drive-by", "may change routing"));
    // Asking again is refused again, but told once a day: no comment thread of refusals.
    await comment(3, "always env:checkout", "drive-by");
    await s.waitForLog("bots.github.mapping_offer_refusal_quiet", {});
    expect(s.github.commentsOn("acme/web", 3).filter((c) => c.body.startsWith("@drive-by"))).toHaveLength(1);
    expect((await learned())?.accepted).toBeNull();
    await comment(3, "always env:storefront");
    await eventually("nothing offered", said("octocat", "has not offered env:storefront"));
    await comment(3, "always env:checkout");
    await eventually("the acceptance", said("octocat", "made env:checkout the default environment"));
    expect((await learned())?.accepted).toMatchObject({ targetRef: "env:checkout", byId: "octocat" });

    // None of the answers started a turn: the next run is the next request's.
    await comment(5, "the cart badge shows the wrong count");
    const fifth = await s.finishNextRun();
    expect(fifth.turn.target).toEqual(CHECKOUT);
    expect(fifth.turn.turn.request.text).toContain("cart badge");
  });

  it.each([
    {
      where: "the catalog",
      setUp: () =>
        start(`${CATALOG}github:\n  repositories:\n    acme/web: { defaultEnvironment: storefront }\n`),
    },
    {
      where: ".github/baton.yml",
      setUp: async () => {
        await start(CATALOG);
        s.github.setFile("acme/web", ".github/baton.yml", "defaultEnvironment: storefront\n");
      },
    },
  ])("a defaultEnvironment written in $where wins over what the issues learned", async ({ setUp }) => {
    await setUp();
    for (const number of [1, 2]) {
      await comment(number, "fix the cart total");
      expect((await s.finishNextRun()).turn.target).toEqual({ kind: "environment", id: "storefront" });
      await comment(number, "in env:checkout: the total comes from the API");
      expect((await s.finishNextRun()).turn.target).toEqual(CHECKOUT);
    }
    await comment(3, "the coupon field rejects valid codes");
    expect((await s.finishNextRun()).turn.target).toEqual({ kind: "environment", id: "storefront" });
  });

  it("a reader's move to an environment is declined and teaches nothing", async () => {
    await start(CATALOG);
    s.github.setPermission("acme/web", "drive-by", "read");
    await comment(1, "fix the cart total");
    await s.finishNextRun();
    // A reader's follow-up is declined before anything, and teaches nothing.
    await comment(1, "in env:checkout: the total comes from the API", "drive-by");
    await s.waitForLog("core.turn.declined", { reason: "not_a_writer" });
    expect(await learned()).toBeNull();
  });
});
