import { describe, expect, it } from "vitest";
import { SMALL_CATALOG } from "../../test/fixtures/classifier/small-catalog.js";
import { targetId } from "../schemas/target.js";
import { createMentionIndex } from "./create-mention-index.js";
import { findExplicitMentions } from "./find-explicit-mentions.js";

const index = createMentionIndex(SMALL_CATALOG);
const mentioned = (text: string) =>
  findExplicitMentions(text, index).map((m) => `${targetId(m.target)}:${m.strength}`);

describe("findExplicitMentions", () => {
  it("finds owner/name case-insensitively, with trailing punctuation", () => {
    expect(mentioned("please bump lodash in ACME/Payments.")).toEqual(["acme/payments:strong"]);
  });

  it("finds prefixes: repo:, env:, and an environment called an environment", () => {
    expect(mentioned("repo:acme/infra add an output")).toEqual(["acme/infra:strong"]);
    expect(mentioned("repo: payments-ledger check payouts")).toEqual(["acme/payments-ledger:strong"]);
    expect(mentioned("env:money audit refunds")).toEqual(["env:money:strong"]);
    expect(mentioned("in the Finance environment, trace a refund")).toEqual(["env:money:strong"]);
    expect(mentioned("environment checkout: why is it slow")).toEqual(["env:checkout:strong"]);
  });

  it("does not read 'environment variables' or a bare environment name as a choice", () => {
    expect(mentioned("set the environment variables for checkout")).toEqual([]);
  });

  it("finds a distinctive repository name but not a one-word name", () => {
    expect(mentioned("payments-ledger tests are flaky")).toEqual(["acme/payments-ledger:strong"]);
    expect(mentioned("the payments are flaky on the web")).toEqual([]);
  });

  it("reads aliases and links as weak mentions", () => {
    expect(mentioned("the storefront shows the wrong currency")).toEqual(["acme/web:weak"]);
    expect(mentioned("see https://github.com/acme/api/pull/3")).toEqual(["acme/api:weak"]);
  });

  it("keeps the strongest mention of a target", () => {
    expect(mentioned("the storefront (acme/web) is down")).toEqual(["acme/web:strong"]);
  });

  it("skips fenced code, where a pasted log is not a choice", () => {
    expect(mentioned('reply with:\n```\n{"targetId": "acme/infra"}\n```\nthanks')).toEqual([]);
  });

  it("says when the text needs no repository", () => {
    expect(mentioned("no repo needed: explain idempotency")).toEqual(["none:strong"]);
  });

  it("ignores names the catalog does not list", () => {
    expect(mentioned("look at acme/secrets and and/or src/index.ts")).toEqual([]);
  });
});
