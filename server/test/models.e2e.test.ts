import { afterEach, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

// The model rules belong to the turn, not to a backend: here they run on the plan backend.
const CATALOG = `
repositories:
  - repo: acme/web
slack:
  channels:
    C0MODELS: { target: acme/web }
models:
  plan:
    default: small-model
    allowed: [small-model, big-model]
`;

describe("choosing a model, on any backend", () => {
  let t: TestBaton;
  afterEach(() => t.close());

  it("uses the catalog's default, then the model a follow-up names for it and the turns after, and refuses one not listed", async () => {
    t = await startTestBaton({ catalogYaml: CATALOG });
    const slack = slackActions(t);
    const plans = () =>
      callsIn(t, "chat.postMessage", "C0MODELS").filter((c) => textOf(c).includes("Plan (dry run"));

    const { ts: threadTs } = await slack.mention({ channel: "C0MODELS", text: "what does the cart do?" });
    await eventually("the first plan", () => plans().length === 1);
    expect(textOf(plans()[0])).toMatch(/Model:\W*small-model/);
    // No backend is set up: the plan points at the docs, not at backends it cannot use.
    expect(textOf(plans()[0])).toContain("docs/backends.md");
    expect(textOf(plans()[0])).not.toContain("openinspect");

    await slack.mention({ channel: "C0MODELS", threadTs, text: "--model BIG-model and the checkout?" });
    await eventually("the second plan", () => plans().length === 2);
    expect(textOf(plans()[1])).toMatch(/Model:\W*big-model/);

    await slack.mention({ channel: "C0MODELS", threadTs, text: "and the header?" });
    await eventually("the third plan", () => plans().length === 3);
    expect(textOf(plans()[2])).toMatch(/Model:\W*big-model/);

    await slack.mention({ channel: "C0MODELS", threadTs, text: "!model gpt-9 and the footer?" });
    const refusal = await eventually("the refusal", () =>
      callsIn(t, "chat.postMessage", "C0MODELS").find((c) => textOf(c).includes("gpt-9")),
    );
    expect(textOf(refusal)).toContain("`small-model`, `big-model`");
    expect(plans()).toHaveLength(3);
  });
});
