import { describe, expect, it } from "vitest";
import { runLinearCommand } from "./linear-command.js";

function run(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return runLinearCommand(args, { env, stdout: (l) => out.push(l), stderr: (l) => err.push(l) }).then(
    (code) => ({
      code,
      out: out.join("\n"),
      err: err.join("\n"),
    }),
  );
}

describe("baton linear setup", () => {
  it("prints the callback URL, webhook URL and events, and the install links", async () => {
    const { code, out } = await run(["setup", "--url", "https://baton.example.com/"], {
      LINEAR_CLIENT_ID: "cid123",
    });
    expect(code).toBe(0);
    expect(out).toContain("https://baton.example.com/linear/oauth/callback");
    expect(out).toContain("https://baton.example.com/linear/webhooks");
    expect(out).toContain("AgentSessionEvent");
    expect(out).toContain("https://baton.example.com/linear/oauth/install");
    const consent = new URL(out.match(/https:\/\/linear\.app\/oauth\/authorize\S+/)![0]);
    expect(consent.searchParams.get("client_id")).toBe("cid123");
    expect(consent.searchParams.get("actor")).toBe("app");
    expect(consent.searchParams.get("scope")).toBe("read,write,app:assignable,app:mentionable");
  });

  it("takes BATON_PUBLIC_URL, and says what is missing without it", async () => {
    expect((await run(["setup"], { BATON_PUBLIC_URL: "https://b.example.com" })).out).toContain(
      "https://b.example.com/linear/webhooks",
    );
    const missing = await run(["setup"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--url/);
  });
});
