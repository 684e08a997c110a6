import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchChromium } from "./fixtures/launch-chromium.js";
import { finishedTurn, type ShareHarness, startShareHarness } from "./fixtures/share-harness.js";

/** Long enough for a few polls of a following page on a slow machine; it is a bound, not a measurement. */
const WAIT_MS = 20_000;

interface Observed {
  requests: string[];
  problems: string[];
}

describe("the share page in headless Chromium", () => {
  let browser: Browser;
  let harness: ShareHarness;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    harness = await startShareHarness();
  });
  afterEach(() => harness.close());

  async function openPage(): Promise<{ page: Page; observed: Observed }> {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    const observed: Observed = { requests: [], problems: [] };
    context.on("request", (request) => observed.requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error" || /Content Security Policy/i.test(message.text())) {
        observed.problems.push(`console: ${message.text()}`);
      }
    });
    page.on("pageerror", (error) => observed.problems.push(`error: ${error.message}`));
    page.on("dialog", (dialog) => {
      observed.problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    // Runs in the page before its own script; reports every CSP violation to the console above.
    await page.addInitScript({
      content: `document.addEventListener("securitypolicyviolation", (event) => {
        console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI);
      });`,
    });
    return { page, observed };
  }

  function expectOnlyOwnOrigin(observed: Observed): void {
    expect(observed.requests.length).toBeGreaterThan(0);
    for (const url of observed.requests) expect(url.startsWith(`${harness.baseUrl}/`)).toBe(true);
  }

  it("renders a finished session, with its tool steps folded, and loads nothing from elsewhere", async () => {
    const { shareId } = await harness.sharedSession("1700000000.000100", finishedTurn("t1"));
    const { page, observed } = await openPage();
    const response = await page.goto(`${harness.baseUrl}/s/${shareId}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("#status").textContent()).resolves.toBe("Completed");
    await expect(page.locator(".prompt strong").first().textContent()).resolves.toBe("Ada");
    await expect(page.locator(".message").textContent()).resolves.toContain("is computed twice");
    expect(await page.locator("details.tool").getAttribute("open")).toBeNull();
    expect(await page.locator("details.tool pre").first().isVisible()).toBe(false);
    await page.locator("details.tool summary").click();
    expect(await page.locator("details.tool pre").first().isVisible()).toBe(true);
    expect(await page.locator("body").getAttribute("data-streaming")).toBe("false");
    expectOnlyOwnOrigin(observed);
    expect(observed.problems).toEqual([]);
    await page.context().close();
  });

  it("follows a running session live, stops when it ends, and shows the 404 page once revoked", async () => {
    const attack =
      '<img src=x onerror="alert(1)"> ![pixel](https://evil.example/pixel.png) [site](https://evil.example/)';
    const { session, shareId } = await harness.sharedSession("1700000000.000200", [
      ...finishedTurn("t1").slice(0, 3),
      { kind: "event", turnId: "t1", event: { type: "message", text: attack } },
    ]);
    const { page, observed } = await openPage();
    await page.goto(`${harness.baseUrl}/s/${shareId}`);
    await expect(page.locator("#status").textContent()).resolves.toBe("Running");
    expect(await page.locator("body").getAttribute("data-streaming")).toBe("true");

    await harness.transcripts.append(session.id, {
      kind: "event",
      turnId: "t1",
      event: { type: "message", text: "A new finding arrived while you watched." },
    });
    await page.getByText("A new finding arrived while you watched.").waitFor({ timeout: WAIT_MS });
    await expect(page.locator("#status").textContent()).resolves.toBe("Running");

    await harness.transcripts.append(session.id, {
      kind: "outcome",
      turnId: "t1",
      status: "completed",
      summary: "All done.",
    });
    await page.locator('body[data-streaming="false"]').waitFor({ state: "attached", timeout: WAIT_MS });
    await expect(page.locator("#status").textContent()).resolves.toBe("Completed");
    await expect(page.locator(".outcome").textContent()).resolves.toContain("All done.");
    expect(await page.locator(".message").first().textContent()).toContain('<img src=x onerror="alert(1)">');

    const polls = observed.requests.filter((url) => url.includes("/updates")).length;
    expect(polls).toBeGreaterThan(0);
    expectOnlyOwnOrigin(observed);
    expect(observed.problems).toEqual([]);

    await harness.shares.revoke(shareId);
    const gone = await page.reload();
    expect(gone?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("This link does not work");
    expect(await page.content()).not.toContain("All done.");
    expectOnlyOwnOrigin(observed);
    // The browser reports the 404 document itself; nothing else may have gone wrong.
    expect(observed.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await page.context().close();
  });

  it("stops following when the link is revoked while the page is open", async () => {
    const { shareId } = await harness.sharedSession("1700000000.000300", finishedTurn("t1").slice(0, 3));
    const { page, observed } = await openPage();
    await page.goto(`${harness.baseUrl}/s/${shareId}`);
    await expect(page.locator("#status").textContent()).resolves.toBe("Running");
    await harness.shares.revoke(shareId);
    await page.locator('body[data-streaming="false"]').waitFor({ state: "attached", timeout: WAIT_MS });
    await expect(page.locator("#status").textContent()).resolves.toBe("This link no longer works");
    expectOnlyOwnOrigin(observed);
    // The 404 the poll received is expected; it is not a page problem.
    expect(observed.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await page.context().close();
  });
});
