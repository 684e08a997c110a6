import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCatalog } from "@baton/core";
import { FAKE_CONTROL_PLANE_SECRETS, type FakeControlPlane, startFakeControlPlane } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCatalogCommand } from "../src/cli/catalog-command.js";

const REPOS = [
  {
    owner: "acme",
    name: "web",
    fullName: "acme/web",
    description: "Remote description",
    defaultBranch: "main",
    archived: false,
    metadata: { aliases: ["storefront", "shop"], keywords: ["checkout"] },
  },
  {
    owner: "acme",
    name: "api",
    fullName: "acme/api",
    description: "The API",
    defaultBranch: "trunk",
    archived: false,
    topics: ["rest"],
  },
  {
    owner: "acme",
    name: "old",
    fullName: "acme/old",
    description: "",
    defaultBranch: "main",
    archived: true,
  },
];
const ENVIRONMENTS = [
  {
    id: "checkout",
    name: "Checkout",
    description: "Storefront checkout end to end",
    repositories: [
      { repoOwner: "acme", repoName: "web", baseBranch: "main" },
      { repoOwner: "acme", repoName: "api", baseBranch: "trunk" },
    ],
  },
  {
    id: "legacy",
    name: "Legacy",
    description: "",
    repositories: [
      { repoOwner: "acme", repoName: "web", baseBranch: "main" },
      { repoOwner: "acme", repoName: "old", baseBranch: "main" },
    ],
  },
  {
    id: "museum",
    name: "Museum",
    description: "",
    repositories: [{ repoOwner: "acme", repoName: "old", baseBranch: "main" }],
  },
];

const EXISTING = `# Baton's catalog: hand-written notes stay.
repositories:
  - repo: acme/web # the storefront
    description: Our own words   # not replaced by the import
routing:
  - keywords: [terraform]
    target: none
`;

describe("baton catalog import --from openinspect", () => {
  let plane: FakeControlPlane;
  let dir: string;
  let file: string;
  const out: string[] = [];
  const err: string[] = [];
  const io = (env: Record<string, string>) => ({
    env: { BATON_CONFIG: file, OPENINSPECT_URL: plane.url, ...env },
    stdout: (line: string) => out.push(line),
    stderr: (line: string) => err.push(line),
  });

  beforeEach(async () => {
    plane = await startFakeControlPlane({ repos: REPOS, environments: ENVIRONMENTS });
    dir = await mkdtemp(join(tmpdir(), "baton-catalog-import-"));
    file = join(dir, "baton.config.yaml");
    out.length = 0;
    err.length = 0;
  });
  afterEach(async () => {
    await plane.closeServer();
    await rm(dir, { recursive: true, force: true });
  });

  it("adds the control plane's repositories and environments and keeps the file's comments and values", async () => {
    await writeFile(file, EXISTING);
    const code = await runCatalogCommand(
      ["import", "--from", "openinspect"],
      io({ OPENINSPECT_GITHUB_SECRET: FAKE_CONTROL_PLANE_SECRETS["github-bot"] }),
    );
    expect(code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain("# Baton's catalog: hand-written notes stay.");
    expect(text).toContain("# the storefront");
    expect(text).toContain("# not replaced by the import");
    const catalog = await loadCatalog(file, { required: true });
    expect(catalog.repositories).toEqual([
      expect.objectContaining({
        repo: "acme/web",
        description: "Our own words",
        defaultBranch: "main",
        aliases: ["storefront", "shop"],
        keywords: ["checkout"],
      }),
      expect.objectContaining({
        repo: "acme/api",
        description: "The API",
        defaultBranch: "trunk",
        keywords: ["rest"],
      }),
    ]);
    // An environment naming an archived repository keeps the others; one with none left is skipped.
    expect(catalog.environments).toEqual([
      expect.objectContaining({ id: "checkout", name: "Checkout", repositories: ["acme/web", "acme/api"] }),
      expect.objectContaining({ id: "legacy", repositories: ["acme/web"] }),
    ]);
    expect(catalog.routing).toHaveLength(1);
    expect(err.join("\n")).toContain("skipped from environment legacy: acme/old");
    expect(err.join("\n")).toContain("skipped environment museum: no repositories Baton can use");
    expect(plane.callsTo("repos")[0]).toMatchObject({ service: "github-bot", status: 200 });

    // Importing again changes nothing.
    await runCatalogCommand(
      ["import", "--from", "openinspect"],
      io({ OPENINSPECT_GITHUB_SECRET: FAKE_CONTROL_PLANE_SECRETS["github-bot"] }),
    );
    expect(await readFile(file, "utf8")).toBe(text);
  });

  it("creates the file when there is none, and --dry-run prints without writing", async () => {
    const env = { OPENINSPECT_SLACK_SECRET: FAKE_CONTROL_PLANE_SECRETS["slack-bot"] };
    expect(await runCatalogCommand(["import", "--from", "openinspect", "--dry-run"], io(env))).toBe(0);
    expect(out.join("\n")).toContain("repo: acme/api");
    await expect(readFile(file, "utf8")).rejects.toThrow(/ENOENT/);
    expect(await runCatalogCommand(["import", "--from", "openinspect"], io(env))).toBe(0);
    expect((await loadCatalog(file, { required: true })).repositories.map((r) => r.repo)).toEqual([
      "acme/web",
      "acme/api",
    ]);
  });

  it("names what is missing or refused, and writes nothing", async () => {
    await writeFile(file, EXISTING);
    expect(await runCatalogCommand(["import", "--from", "openinspect"], io({}))).toBe(1);
    expect(err.join("\n")).toContain("OPENINSPECT_SLACK_SECRET");
    expect(
      await runCatalogCommand(["import", "--from", "openinspect"], io({ OPENINSPECT_SLACK_SECRET: "wrong" })),
    ).toBe(1);
    expect(err.join("\n")).toContain("unauthorized");
    expect(await readFile(file, "utf8")).toBe(EXISTING);
    expect(await runCatalogCommand(["import", "--from", "somewhere"], io({}))).toBe(2);
  });

  it("names in its usage the Open-Inspect secret of each listed platform", async () => {
    expect(await runCatalogCommand(["--help"], io({}))).toBe(0);
    expect(out.join("\n")).toContain(
      "OPENINSPECT_SLACK_SECRET, OPENINSPECT_GITHUB_SECRET, OPENINSPECT_LINEAR_SECRET.",
    );
  });
});
