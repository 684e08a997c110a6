import { describe, expect, it } from "vitest";
import { buildTestRequest, SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { createTargetResolver } from "../config/create-target-resolver.js";
import { createMappingIndex } from "./create-mapping-index.js";
import { formatContextList, REQUEST_CONTEXT_KEYS } from "./request-context.js";

const mappings = createMappingIndex(SMALL_CATALOG, createTargetResolver(SMALL_CATALOG));
const map = (input: Parameters<typeof buildTestRequest>[0]) =>
  mappings.mapRequest(buildTestRequest(input))?.target;

describe("createMappingIndex", () => {
  it("maps a Slack channel by id or by name", () => {
    expect(map({ text: "x", channelId: "C0PAYMENTS" })).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
    expect(map({ text: "x", context: { [REQUEST_CONTEXT_KEYS.slackChannelName]: "web-team" } })).toEqual({
      kind: "repository",
      repo: "acme/web",
    });
    expect(
      map({ text: "x", context: { [REQUEST_CONTEXT_KEYS.slackChannelName]: "random" } }),
    ).toBeUndefined();
  });

  it("maps a Linear project before its team", () => {
    const context = {
      [REQUEST_CONTEXT_KEYS.linearProject]: "checkout revamp",
      [REQUEST_CONTEXT_KEYS.linearTeam]: "IOS",
    };
    expect(map({ text: "x", platform: "linear", context })).toEqual({ kind: "environment", id: "checkout" });
  });

  it("applies a Linear team's label filters in order", () => {
    const team = { [REQUEST_CONTEXT_KEYS.linearTeam]: "PAY" };
    const labelled = { ...team, [REQUEST_CONTEXT_KEYS.linearLabels]: formatContextList(["Bug", "Ledger"]) };
    expect(map({ text: "x", platform: "linear", context: labelled })).toEqual({
      kind: "repository",
      repo: "acme/payments-ledger",
    });
    expect(map({ text: "x", platform: "linear", context: team })).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
    expect(
      map({ text: "x", platform: "linear", context: { [REQUEST_CONTEXT_KEYS.linearTeam]: "GROWTH" } }),
    ).toBeUndefined();
  });

  it("maps GitHub to the repository's default environment when it holds the repository", () => {
    expect(map({ text: "x", platform: "github", repository: "acme/api" })).toEqual({
      kind: "environment",
      id: "checkout",
    });
  });

  it("maps GitHub to the repository the event came from otherwise", () => {
    expect(map({ text: "x", platform: "github", repository: "ACME/Payments" })).toEqual({
      kind: "repository",
      repo: "acme/payments",
    });
    expect(map({ text: "x", platform: "github", repository: "acme/unlisted" })).toEqual({
      kind: "repository",
      repo: "acme/unlisted",
    });
  });
});
