import { classifierStep, createClassifier, type Decision, parseCatalog, silentLogger } from "@baton/core";
import { describe, expect, it } from "vitest";
import { buildTestRequest } from "../fixtures/classifier/small-catalog.js";

describe("the classifier's observer", () => {
  it("is told every decision, and classifierStep names the step that made it", async () => {
    const seen: Decision[] = [];
    const classifier = createClassifier({
      catalog: parseCatalog(
        {
          repositories: [{ repo: "acme/web" }, { repo: "acme/api" }],
          routing: [{ keywords: ["checkout"], target: "acme/web" }],
        },
        "t",
      ),
      logger: silentLogger,
      onDecision: (decision) => seen.push(decision),
    });
    const ruled = await classifier.classify(buildTestRequest({ text: "the checkout is broken" }));
    const asked = await classifier.classify(buildTestRequest({ text: "hello" }));
    const named = await classifier.classify(buildTestRequest({ text: "in acme/api: fix the tests" }));

    expect(seen).toEqual([ruled, asked, named]);
    expect(seen.map(classifierStep)).toEqual(["rule", "ask", "explicit"]);
  });
});
