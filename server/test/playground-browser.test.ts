import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ControllableBackend, createControllableBackend } from "./fixtures/controllable-backend.js";
import { launchChromium } from "./fixtures/launch-chromium.js";
import { type PlaygroundBaton, startPlaygroundBaton } from "./fixtures/start-playground-baton.js";

/** A bound for a webhook's round trip through the queue on a loaded machine, not a measurement. */
const WAIT_MS = 20_000;

describe("the playground in headless Chromium", () => {
  let browser: Browser;
  let t: PlaygroundBaton;
  let agent: ControllableBackend;
  let page: Page;
  const problems: string[] = [];
  const screenshots = mkdtempSync(join(tmpdir(), "baton-playground-shots-"));

  beforeAll(async () => {
    agent = createControllableBackend();
    t = await startPlaygroundBaton({ backend: agent.backend });
    browser = await launchChromium();
    const context = await browser.newContext({
      serviceWorkers: "block",
      viewport: { width: 1500, height: 900 },
    });
    page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
    await page.addInitScript({
      content: `document.addEventListener("securitypolicyviolation", (event) => {
        console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI);
      });`,
    });
    await page.goto(`${t.url}/playground`);
    await page.locator('body[data-connected="true"]').waitFor({ state: "attached", timeout: WAIT_MS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    console.info(`playground screenshots: ${screenshots}`);
  });

  const slack = () => page.locator('[data-pane="slack"]');
  const github = () => page.locator('[data-pane="github"]');
  const linear = () => page.locator('[data-pane="linear"]');

  async function postInSlack(text: string): Promise<Locator> {
    await slack().getByLabel("Message").fill(text);
    await slack().getByLabel("Message").press("Enter");
    const root = slack().locator(".slack-thread-root", { hasText: text.replace("@baton ", "") });
    await root.waitFor({ timeout: WAIT_MS });
    return root;
  }

  it("says which panes are simulated", async () => {
    await expect(slack().getAttribute("data-mode")).resolves.toBe("simulated");
    await expect(github().getAttribute("data-mode")).resolves.toBe("simulated");
    await expect(linear().getAttribute("data-mode")).resolves.toBe("simulated");
    await expect(page.locator("header.top").textContent()).resolves.toContain("Slack");
  });

  it("answers a Slack mention in its thread, with a share link that opens", async () => {
    const runs = agent.runs.length;
    const root = await postInSlack("@baton add a refund button to the payments api for stripe invoices");
    const run = await agent.waitForRun(runs + 1, WAIT_MS);
    expect(run.turn.prompt).toContain("refund button");
    // The working message, with its Stop button, arrives in the thread first.
    await root.locator(".slack-thread .slack-button", { hasText: "Stop" }).waitFor({ timeout: WAIT_MS });
    run.finish([{ type: "done", summary: "Added a **Refund** button to the invoice page." }]);
    const answer = root.locator(".slack-thread .slack-message.from-bot", { hasText: "Refund" });
    await answer.waitFor({ timeout: WAIT_MS });
    await expect(answer.locator("strong", { hasText: "Refund" }).count()).resolves.toBeGreaterThan(0);
    await root.locator(".slack-reaction").first().waitFor({ timeout: WAIT_MS });

    const link = root.locator("a.slack-button", { hasText: "View transcript" });
    await link.waitFor({ timeout: WAIT_MS });
    const href = await link.getAttribute("href");
    expect(href).toMatch(new RegExp(`^${t.url}/s/`));
    const [shared] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await shared.waitForLoadState();
    await expect(shared.locator(".prompt").first().textContent()).resolves.toContain("refund button");
    await shared.close();
  });

  it("asks with a picker and starts the work where a click says", async () => {
    const runs = agent.runs.length;
    const root = await postInSlack("@baton please fix the flaky test");
    const button = root.locator(".slack-actions .slack-button", { hasText: "environment checkout" });
    await button.waitFor({ timeout: WAIT_MS });
    expect(agent.runs.length).toBe(runs);
    await button.click();
    const run = await agent.waitForRun(runs + 1, WAIT_MS);
    expect(run.turn.target).toEqual({ kind: "environment", id: "checkout" });
    run.finish([{ type: "done", summary: "The flaky test waited on a real clock; it is fixed." }]);
    await root
      .locator(".slack-thread .slack-message.from-bot", { hasText: "real clock" })
      .waitFor({ timeout: WAIT_MS });
  });

  it("stops a running turn from its Stop button", async () => {
    const runs = agent.runs.length;
    const root = await postInSlack("@baton refactor the checkout of the storefront for the payments api");
    const run = await agent.waitForRun(runs + 1, WAIT_MS);
    const stop = root.locator(".slack-thread .slack-button", { hasText: "Stop" });
    await stop.waitFor({ timeout: WAIT_MS });
    await stop.click();
    await expect.poll(() => run.aborted, { timeout: WAIT_MS }).toBe(true);
    await root.locator(".slack-thread", { hasText: /stopped/i }).waitFor({ timeout: WAIT_MS });
    await slack().screenshot({ path: join(screenshots, "slack.png") });
    expect(problems).toEqual([]);
  });

  it("answers a comment on the GitHub pull request, and a review comment on a line", async () => {
    const runs = agent.runs.length;
    await github().getByLabel("Comment", { exact: true }).fill("@baton add a test for the refund button");
    await github().getByRole("button", { name: "Comment", exact: true }).click();
    await github()
      .locator(".gh-comment", { hasText: "add a test for the refund button" })
      .waitFor({ timeout: WAIT_MS });
    const run = await agent.waitForRun(runs + 1, WAIT_MS);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/storefront" });
    run.finish([{ type: "done", summary: "Added `refund-button.test.tsx`." }]);
    await github()
      .locator(".gh-comment.from-bot", { hasText: "refund-button.test.tsx" })
      .waitFor({ timeout: WAIT_MS });
    await github().locator('.gh-reaction[data-reaction="eyes"]').first().waitFor({ timeout: WAIT_MS });

    await github().getByRole("button", { name: "Comment on line 4" }).click();
    await github().getByLabel("Review comment").fill("@baton guard against refunding an invoice twice");
    await github().getByRole("button", { name: "Add single comment" }).click();
    await github()
      .locator(".gh-review-thread", { hasText: "refunding an invoice twice" })
      .waitFor({ timeout: WAIT_MS });
    const review = await agent.waitForRun(runs + 2, WAIT_MS);
    expect(review.turn.prompt).toContain("refunding an invoice twice");
    review.finish([{ type: "done", summary: "A refunded invoice now disables the button." }]);
    await github()
      .locator(".gh-comment.from-bot", { hasText: "disables the button" })
      .waitFor({ timeout: WAIT_MS });
    await github().screenshot({ path: join(screenshots, "github.png") });
  });

  it("answers a Linear assignment: asks which codebase, then responds; a follow-up is stopped from the session", async () => {
    const runs = agent.runs.length;
    await linear().getByRole("button", { name: "Assign to Baton" }).click();
    const question = linear().locator(".ln-activity.elicitation");
    await question.waitFor({ timeout: WAIT_MS });
    await expect(question.textContent()).resolves.toMatch(/Which codebase/);
    expect(agent.runs.length).toBe(runs);
    const option = question.locator(".ln-option").first();
    const chosen = await option.textContent();
    await option.click();
    const run = await agent.waitForRun(runs + 1, WAIT_MS);
    expect(run.turn.prompt).toContain("nightly report");
    expect(chosen).toContain(run.turn.target.kind === "repository" ? run.turn.target.repo : "");
    run.finish([{ type: "done", summary: "The report now builds in **3 minutes**." }]);
    const response = linear().locator(".ln-activity.response", { hasText: "3 minutes" });
    await response.waitFor({ timeout: WAIT_MS });
    await expect(linear().locator(".ln-status").textContent()).resolves.toBe("In Progress");
    await linear()
      .locator(".ln-session-head a", { hasText: "Open transcript" })
      .waitFor({ timeout: WAIT_MS });

    await linear().getByLabel("Reply to Baton").fill("now cache the exchange rates too");
    await linear().getByRole("button", { name: "Send" }).click();
    const followUp = await agent.waitForRun(runs + 2, WAIT_MS);
    expect(followUp.turn.prompt).toContain("exchange rates");
    await linear().getByRole("button", { name: "Stop" }).click();
    await expect.poll(() => followUp.aborted, { timeout: WAIT_MS }).toBe(true);
    await linear().locator(".ln-activity.prompt", { hasText: "stopped Baton" }).waitFor({ timeout: WAIT_MS });
    await linear().screenshot({ path: join(screenshots, "linear.png") });
    await page.screenshot({ path: join(screenshots, "playground.png") });
  });
});
