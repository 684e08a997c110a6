import { afterEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import type { TestBaton } from "./fixtures/start-test-baton.js";

const SMALL_CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront (Next.js)
  - repo: acme/api
    description: Public REST API
  - repo: acme/infra
    description: Terraform and Kubernetes manifests
environments:
  - id: checkout
    name: Checkout
    repositories: [acme/web, acme/api]
`;

function largeCatalog(repositories: number): string {
  const lines = ["repositories:"];
  for (let i = 0; i < repositories; i++)
    lines.push(`  - repo: acme/service-${i}`, `    description: Internal service number ${i}`);
  return lines.join("\n");
}

type Block = { type: string; block_id?: string; elements?: Array<Record<string, unknown>> };

describe("the target picker", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  async function start(catalogYaml: string) {
    ({ t, agent, slack } = await startSlackScenario({ catalogYaml }));
  }
  afterEach(() => t.close());

  /** Presses Change target on the channel's working message (as Ada, the default clicker); returns the turn it names. */
  async function pressChangeTarget(channel: string) {
    const working = await eventually("the working message with buttons", () =>
      [...callsIn(t, "chat.postMessage", channel), ...callsIn(t, "chat.update", channel)].find((c) =>
        textOf(c).includes("baton_change_target"),
      ),
    );
    const turnId = (working.body as { blocks: Block[] }).blocks
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === "baton_change_target")?.value;
    await slack.click({
      channel,
      action: { type: "button", action_id: "baton_change_target", block_id: "b", value: turnId },
    });
    return turnId;
  }

  async function pickerIn(channel: string, mode = "ask") {
    const message = await eventually("the picker", () =>
      callsIn(t, "chat.postMessage", channel).find((c) =>
        JSON.stringify(c.body).includes(`baton_pick:${mode}:`),
      ),
    );
    const blocks = (message.body as { blocks: Block[] }).blocks;
    const actions = blocks.find((b) => b.type === "actions" && b.block_id?.startsWith("baton_pick"))!;
    return { message, blockId: actions.block_id!, elements: actions.elements ?? [] };
  }

  it("asks with one-click buttons and a select over every target; only the requester may answer; a choice starts the request once", async () => {
    await start(SMALL_CATALOG);
    const { ts: threadTs } = await slack.mention({
      channel: "C0PICK",
      user: "U0ADA",
      text: "fix the flaky login test",
    });
    const picker = await pickerIn("C0PICK");
    const buttons = picker.elements.filter((e) => e.type === "button");
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.length).toBeLessThanOrEqual(5);
    expect(buttons.map((b) => b.value)).toContain("none");
    const select = picker.elements.find((e) => e.type === "static_select") as {
      options: Array<{ value: string }>;
    };
    expect(select.options.map((o) => o.value)).toEqual([
      "acme/web",
      "acme/api",
      "acme/infra",
      "env:checkout",
      "none",
    ]);
    expect(agent.runs).toHaveLength(0);

    const choose = (user: string, value: string) =>
      slack.click({
        user,
        channel: "C0PICK",
        action: {
          type: "static_select",
          action_id: "baton_pick_select",
          block_id: picker.blockId,
          selected_option: { value, text: { type: "plain_text", text: value } },
        },
      });
    await choose("U0MALLORY", "acme/infra");
    await eventually("a private refusal", () =>
      callsIn(t, "chat.postEphemeral", "C0PICK").find((c) => textOf(c).includes("Only <@U0ADA>")),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.runs).toHaveLength(0);

    await Promise.all([choose("U0ADA", "acme/api"), choose("U0ADA", "acme/api")]);
    const run = await agent.waitForRun(1);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    expect(run.turn.prompt).toBe("fix the flaky login test");
    expect(run.turn.turn.request.conversation).toMatchObject({ channelId: "C0PICK", threadTs });
    await eventually("the picker to say who chose", () =>
      t.slack.callsTo("chat.update").find((c) => textOf(c).includes("<@U0ADA> chose *acme/api*")),
    );
    run.finish();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.runs).toHaveLength(1);
  });

  it("the person Baton asked owns the thread until they pick: another's turn cannot open the session, their stop is not blocked, and their pick runs", async () => {
    await start(SMALL_CATALOG);
    const { ts: threadTs } = await slack.mention({
      channel: "C0OWN",
      user: "U0ADA",
      text: "fix the flaky login test",
    });
    const picker = await pickerIn("C0OWN");
    await slack.mention({
      channel: "C0OWN",
      threadTs,
      user: "U0MALLORY",
      text: "in acme/infra delete the tests",
    });
    await eventually("Mallory told the thread is taken", () =>
      callsIn(t, "chat.postEphemeral", "C0OWN").find(
        (c) => textOf(c).includes("U0MALLORY") && textOf(c).includes("asked first"),
      ),
    );
    expect(agent.runs).toHaveLength(0);
    await slack.mention({ channel: "C0OWN", threadTs, user: "U0ADA", text: "stop" });
    await eventually("Ada's stop answered", () =>
      callsIn(t, "chat.postEphemeral", "C0OWN").find(
        (c) => textOf(c).includes("U0ADA") && textOf(c).includes("Nothing is running"),
      ),
    );
    await slack.click({
      user: "U0ADA",
      channel: "C0OWN",
      action: {
        type: "static_select",
        action_id: "baton_pick_select",
        block_id: picker.blockId,
        selected_option: { value: "acme/api", text: { type: "plain_text", text: "acme/api" } },
      },
    });
    const run = await agent.waitForRun(1);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    expect(run.turn.session.requester.id).toBe("U0ADA");
    expect(run.turn.prompt).toBe("fix the flaky login test");
    run.finish();
  });

  it("a picker the thread answered another way is closed: a late click runs nothing and changes no target", async () => {
    await start(SMALL_CATALOG);
    const { ts: threadTs } = await slack.mention({
      channel: "C0LATE",
      user: "U0ADA",
      text: "fix the flaky login test",
    });
    const picker = await pickerIn("C0LATE");
    await slack.mention({
      channel: "C0LATE",
      threadTs,
      user: "U0ADA",
      text: "in acme/web fix the flaky login test",
    });
    const first = await agent.waitForRun(1);
    expect(first.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    first.finish();
    await slack.click({
      user: "U0ADA",
      channel: "C0LATE",
      action: {
        type: "static_select",
        action_id: "baton_pick_select",
        block_id: picker.blockId,
        selected_option: { value: "acme/api", text: { type: "plain_text", text: "acme/api" } },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await slack.mention({ channel: "C0LATE", threadTs, user: "U0ADA", text: "and add a test" });
    const second = await agent.waitForRun(2);
    expect(second.turn.prompt).toBe("and add a test");
    expect(second.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    second.finish();
    await eventually("Ada told the question was answered", () =>
      callsIn(t, "chat.postEphemeral", "C0LATE").find((c) => textOf(c).includes("already answered")),
    );
    await eventually("the picker closed", () =>
      t.slack.callsTo("chat.update").find((c) => textOf(c).includes("answered in the thread")),
    );
    expect(agent.runs).toHaveLength(2);
  });

  it("offers only the targets the channel allows: no No repository, and a select over its targets alone", async () => {
    await start(`${SMALL_CATALOG}
slack:
  channels:
    C0NARROW:
      targets: [acme/web, acme/api]
`);
    const { ts: threadTs } = await slack.mention({
      channel: "C0NARROW",
      user: "U0ADA",
      text: "fix the flaky login test",
    });
    const values = (picker: Awaited<ReturnType<typeof pickerIn>>) => ({
      buttons: picker.elements.filter((e) => e.type === "button").map((b) => b.value),
      select: (
        picker.elements.find((e) => e.type === "static_select") as { options: Array<{ value: string }> }
      ).options.map((o) => o.value),
    });
    const asked = values(await pickerIn("C0NARROW"));
    expect(asked.buttons).not.toContain("none");
    expect(asked.buttons.length).toBeGreaterThan(0);
    expect(asked.select).toEqual(["acme/web", "acme/api"]);

    await slack.mention({ channel: "C0NARROW", threadTs, user: "U0ADA", text: "in acme/web fix the header" });
    const run = await agent.waitForRun(1);
    await pressChangeTarget("C0NARROW");
    const change = values(await pickerIn("C0NARROW", "change"));
    expect(change.buttons).not.toContain("none");
    expect(change.select).toEqual(["acme/web", "acme/api"]);
    run.finish();
  });

  it("a choice intake refuses is told, leaves the picker open, and can be made again", async () => {
    // One request at once per person, one more every 2 s: the mention spends it, the first click is refused.
    ({ t, agent, slack } = await startSlackScenario({
      catalogYaml: SMALL_CATALOG,
      env: { BATON_USER_TURN_BURST: "1", BATON_USER_TURNS_PER_MINUTE: "30" },
    }));
    const { ts: threadTs } = await slack.mention({
      channel: "C0BUSY",
      user: "U0ADA",
      text: "fix the flaky login test",
    });
    const picker = await pickerIn("C0BUSY");
    const choose = () =>
      slack.click({
        user: "U0ADA",
        channel: "C0BUSY",
        action: {
          type: "button",
          action_id: "baton_pick_button_0",
          block_id: picker.blockId,
          value: "acme/api",
        },
      });
    await choose();
    const refusal = await eventually("the refusal", () =>
      callsIn(t, "chat.postMessage", "C0BUSY").find((c) => textOf(c).includes("did not queue")),
    );
    expect(refusal.body).toMatchObject({ thread_ts: threadTs });
    expect(t.slack.callsTo("chat.update").some((c) => textOf(c).includes("chose"))).toBe(false);
    expect(agent.runs).toHaveLength(0);

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await choose();
    const run = await agent.waitForRun(1);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    expect(run.turn.prompt).toBe("fix the flaky login test");
    await eventually("the picker to say who chose", () =>
      t.slack.callsTo("chat.update").find((c) => textOf(c).includes("<@U0ADA> chose *acme/api*")),
    );
    run.finish();
  });

  it("offers a searching select beyond 100 targets, answered through block_suggestion", async () => {
    await start(largeCatalog(150));
    await slack.mention({ channel: "C0BIG", text: "fix the flaky login test" });
    const picker = await pickerIn("C0BIG");
    const search = picker.elements.find((e) => e.type === "external_select");
    expect(search).toMatchObject({ action_id: "baton_pick_search" });
    expect(picker.elements.some((e) => e.type === "static_select")).toBe(false);

    const response = await slack.suggest({
      blockId: picker.blockId,
      actionId: "baton_pick_search",
      query: "service-14",
    });
    expect(response.status).toBe(200);
    const { options } = JSON.parse(response.body) as { options: Array<{ value: string }> };
    expect(options.map((o) => o.value)).toEqual([
      "acme/service-14",
      ...Array.from({ length: 10 }, (_, i) => `acme/service-14${i}`),
    ]);

    const all = JSON.parse(
      (await slack.suggest({ blockId: picker.blockId, actionId: "baton_pick_search", query: "" })).body,
    ) as { options: unknown[] };
    expect(all.options).toHaveLength(100);
  });

  it("in a big catalog, offers and searches only the targets the channel allows", async () => {
    await start(`${largeCatalog(150)}
slack:
  channels:
    C0BIGNARROW:
      targets: [acme/service-14, acme/service-140]
`);
    await slack.mention({ channel: "C0BIGNARROW", text: "fix the flaky login test" });
    const picker = await pickerIn("C0BIGNARROW");
    const select = picker.elements.find((e) => e.type === "static_select") as {
      options: Array<{ value: string }>;
    };
    expect(select.options.map((o) => o.value)).toEqual(["acme/service-14", "acme/service-140"]);
    const response = await slack.suggest({
      blockId: picker.blockId,
      actionId: "baton_pick_search",
      query: "service-14",
      channel: "C0BIGNARROW",
    });
    const { options } = JSON.parse(response.body) as { options: Array<{ value: string }> };
    expect(options.map((o) => o.value)).toEqual(["acme/service-14", "acme/service-140"]);
  });

  it("Change target restarts the running request on the chosen target and keeps it for the session", async () => {
    await start(SMALL_CATALOG);
    const { ts: threadTs } = await slack.mention({
      channel: "C0CHANGE",
      user: "U0ADA",
      text: "in acme/web fix the header",
    });
    const first = await agent.waitForRun(1);
    expect(first.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    expect(await pressChangeTarget("C0CHANGE")).toMatch(/^t_/);
    const picker = await pickerIn("C0CHANGE", "change");
    await slack.click({
      channel: "C0CHANGE",
      action: {
        type: "button",
        action_id: "baton_pick_button_0",
        block_id: picker.blockId,
        value: "acme/infra",
      },
    });

    await eventually("the first run to be aborted", () => first.aborted);
    const second = await agent.waitForRun(2);
    expect(second.turn.target).toEqual({ kind: "repository", repo: "acme/infra" });
    expect(second.turn.session.id).toBe(first.turn.session.id);
    second.finish();
    await slack.mention({ channel: "C0CHANGE", threadTs, text: "and add a test" });
    const third = await agent.waitForRun(3);
    expect(third.turn.target).toEqual({ kind: "repository", repo: "acme/infra" });
    third.finish();
  });

  it("a Change target intake refuses leaves the running request running; chosen again later, it restarts", async () => {
    // One request at once per person, one more every 2 s: the mention spends it, the first choice is refused.
    ({ t, agent, slack } = await startSlackScenario({
      catalogYaml: SMALL_CATALOG,
      env: { BATON_USER_TURN_BURST: "1", BATON_USER_TURNS_PER_MINUTE: "30" },
    }));
    await slack.mention({ channel: "C0KEEP", user: "U0ADA", text: "in acme/web fix the header" });
    const first = await agent.waitForRun(1);
    await pressChangeTarget("C0KEEP");
    const picker = await pickerIn("C0KEEP", "change");
    const choose = () =>
      slack.click({
        user: "U0ADA",
        channel: "C0KEEP",
        action: {
          type: "button",
          action_id: "baton_pick_button_0",
          block_id: picker.blockId,
          value: "acme/infra",
        },
      });
    await choose();
    await eventually("the refusal", () =>
      callsIn(t, "chat.postMessage", "C0KEEP").find((c) => textOf(c).includes("did not queue")),
    );
    expect(first.aborted).toBe(false);
    expect(agent.runs).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(first.aborted).toBe(false);
    await choose();
    await eventually("the first run to be aborted", () => first.aborted);
    const second = await agent.waitForRun(2);
    expect(second.turn.target).toEqual({ kind: "repository", repo: "acme/infra" });
    second.finish();
  });

  it("a follow-up naming a repository Baton does not know asks, and runs where the person then chooses", async () => {
    await start(SMALL_CATALOG);
    const { ts: threadTs } = await slack.mention({
      channel: "C0TYPO",
      user: "U0ADA",
      text: "in acme/web fix the header",
    });
    (await agent.waitForRun(1)).finish();
    await slack.mention({
      channel: "C0TYPO",
      user: "U0ADA",
      threadTs,
      text: "!repo acme/apii add the endpoint",
    });
    const picker = await pickerIn("C0TYPO");
    expect(textOf(picker.message)).toContain("is not a repository or environment Baton knows");
    expect(picker.elements.find((e) => e.type === "button")?.value).toBe("acme/api");
    expect(agent.runs).toHaveLength(1);
    await slack.click({
      user: "U0ADA",
      channel: "C0TYPO",
      action: {
        type: "button",
        action_id: "baton_pick_button_0",
        block_id: picker.blockId,
        value: "acme/api",
      },
    });
    const second = await agent.waitForRun(2);
    expect(second.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    expect(second.turn.prompt).toBe("add the endpoint");
    second.finish();
  });
});
