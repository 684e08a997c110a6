import { type FakeOpenAI, startFakeOpenAI } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { checkOpenAI } from "./check-openai.js";

let fake: FakeOpenAI | undefined;
afterEach(() => fake?.close());

describe("checkOpenAI", () => {
  it("lists the models and says whether the default one is among them", async () => {
    fake = await startFakeOpenAI({ models: ["gpt-4.1-mini", "gpt-4.1"] });
    expect(await checkOpenAI({ baseUrl: fake.url, apiKey: "sk-test", model: "gpt-4.1" })).toEqual({
      kind: "ok",
      models: 2,
      modelListed: true,
    });
    expect(await checkOpenAI({ baseUrl: fake.url, model: "gpt-9" })).toMatchObject({
      kind: "ok",
      modelListed: false,
    });
  });

  it("says when nothing is configured, or the server cannot be reached", async () => {
    expect(await checkOpenAI({})).toEqual({ kind: "not_configured" });
    fake = await startFakeOpenAI();
    const url = fake.url;
    await fake.close();
    fake = undefined;
    expect(await checkOpenAI({ baseUrl: url, timeoutMs: 2_000 })).toMatchObject({ kind: "unreachable" });
  });
});
