import { describe, expect, it } from "vitest";
import { parseSlackApiBody } from "./parse-slack-api-body.js";

const FORM = "application/x-www-form-urlencoded";

describe("parseSlackApiBody", () => {
  it("decodes the known JSON form fields and leaves other fields as strings", () => {
    const rawBody = new URLSearchParams({
      channel: "C1",
      text: '{"looks":"like json"}',
      blocks: '[{"type":"divider"}]',
      metadata: '{"event_type":"baton"}',
    }).toString();

    expect(parseSlackApiBody({ contentType: FORM, rawBody })).toEqual({
      ok: true,
      body: {
        channel: "C1",
        text: '{"looks":"like json"}',
        blocks: [{ type: "divider" }],
        metadata: { event_type: "baton" },
      },
    });
  });

  it("keeps a malformed JSON field as the string that was sent", () => {
    const result = parseSlackApiBody({ contentType: FORM, rawBody: "blocks=%5Bnot-json" });
    expect(result).toEqual({ ok: true, body: { blocks: "[not-json" } });
  });

  it("reads JSON bodies whatever their charset parameter", () => {
    const result = parseSlackApiBody({
      contentType: "application/json; charset=utf-8",
      rawBody: '{"channel":"C1"}',
    });
    expect(result).toEqual({ ok: true, body: { channel: "C1" } });
  });

  it("reports invalid_json for malformed or non-object JSON", () => {
    expect(parseSlackApiBody({ contentType: "application/json", rawBody: "{" })).toEqual({
      ok: false,
      error: "invalid_json",
    });
    expect(parseSlackApiBody({ contentType: "application/json", rawBody: "[1]" })).toMatchObject({
      ok: false,
    });
  });

  it("yields no arguments for other content types", () => {
    expect(parseSlackApiBody({ contentType: "multipart/form-data; boundary=x", rawBody: "--x--" })).toEqual({
      ok: true,
      body: {},
    });
  });
});
