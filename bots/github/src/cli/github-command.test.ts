import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseGithubArgs, runGithubCommand } from "./github-command.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { env: {}, stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

describe("baton github manifest", () => {
  it("prints the App manifest for the gateway's URL", async () => {
    const { io, out, err } = capture();
    expect(
      await runGithubCommand(["manifest", "--url", "https://baton.acme.dev", "--name", "Acme Baton"], io),
    ).toBe(0);
    const manifest = parse(out.join("\n")) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "Acme Baton",
      hook_attributes: { url: "https://baton.acme.dev/api/github/webhooks" },
      default_permissions: { issues: "write", pull_requests: "write", contents: "read", metadata: "read" },
    });
    expect(err.join("\n")).toMatch(/GITHUB_APP_ID/);
  });

  it("takes BATON_PUBLIC_URL and refuses bad usage with exit code 2", async () => {
    expect(parseGithubArgs(["manifest"], { BATON_PUBLIC_URL: "https://b.example" })).toEqual({
      kind: "manifest",
      baseUrl: "https://b.example",
      appName: undefined,
    });
    expect(parseGithubArgs(["manifest"]).kind).toBe("usage");
    const { io, err } = capture();
    expect(await runGithubCommand(["manifest", "--url", "ftp://x"], io)).toBe(2);
    expect(err[0]).toMatch(/http/);
    expect(await runGithubCommand(["frobnicate"], capture().io)).toBe(2);
    expect(
      await runGithubCommand(["manifest", "--url", "https://x.dev", "--name", "n".repeat(35)], capture().io),
    ).toBe(2);
  });
});
