import { afterEach, describe, expect, it } from "vitest";
import { BOT_MODULES } from "../src/bots/bot-modules.js";
import { FRONT_PAGE_CSP } from "../src/front-page/create-front-page-route.js";
import {
  startTestBaton,
  TEST_BOT_TOKEN,
  TEST_SIGNING_SECRET,
  type TestBaton,
} from "./fixtures/start-test-baton.js";

const PUBLIC_URL = "https://baton.example.com";
const ADMIN_TOKEN = "front-page-admin-token-0123456789";
const SHARE_KEY = "test-share-link-key-0123456789abcdefghij";

describe("the front page at /", () => {
  let t: TestBaton | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function fetchFront(headers: Record<string, string> = {}) {
    const response = await fetch(`${t?.url}/`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe(FRONT_PAGE_CSP);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cache-control")).toBe("no-store");
    return response.text();
  }

  it("with no platform on, names each platform's variables (from its bot module) and the backend", async () => {
    // Every platform Baton has may turn on, but none has its variables (empty is unset).
    const unset = Object.fromEntries(BOT_MODULES.flatMap((m) => m.variables.map((name) => [name, ""])));
    t = await startTestBaton({
      bots: BOT_MODULES.map((m) => m.platform),
      env: { ...unset, BATON_PUBLIC_URL: PUBLIC_URL },
    });
    const html = await fetchFront();
    expect(html).toContain("<h1>Baton</h1>");
    for (const module of BOT_MODULES) {
      expect(html).toMatch(new RegExp(`<strong>${module.platform}</strong>: <span class="muted">off</span>`));
      for (const variable of module.variables) expect(html).toContain(`<code>${variable}</code>`);
    }
    expect(html).toContain("<code>plan</code>");
    expect(html).toContain('<span class="ok">ready</span>');
    expect(html).not.toContain(`${PUBLIC_URL}/slack/events`);
    expect(html).not.toContain('href="/playground"');
    expect(html).toContain("<code>docs/architecture.md</code>");
    expect(html).toContain("counts are shown with the admin token");
  });

  it("with Slack on, gives the URL to configure in Slack and no secret", async () => {
    t = await startTestBaton({
      bots: ["slack"],
      env: { BATON_PUBLIC_URL: PUBLIC_URL, BATON_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    const html = await fetchFront();
    expect(html).toContain('<strong>slack</strong>: <span class="ok">on</span>');
    expect(html).toContain(`<code>POST ${PUBLIC_URL}/slack/events</code>`);
    for (const secret of [TEST_SIGNING_SECRET, TEST_BOT_TOKEN, SHARE_KEY, ADMIN_TOKEN, t.redis.url])
      expect(html).not.toContain(secret);
    expect(html).not.toContain("Intake backlog");
  });

  it("shows queue counts only to whoever sends BATON_ADMIN_TOKEN", async () => {
    t = await startTestBaton({ bots: [], env: { BATON_ADMIN_TOKEN: ADMIN_TOKEN } });
    const wrong = await fetchFront({ authorization: `Bearer ${ADMIN_TOKEN}x` });
    expect(wrong).not.toContain("Intake backlog");
    const admin = await fetchFront({ authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(admin).toMatch(/<tr><th>Turns<\/th><td>waiting 0, active 0, delayed 0, failed 0<\/td><\/tr>/);
    expect(admin).toContain("<tr><th>Intake backlog</th><td>0</td></tr>");
    expect(admin).not.toContain(ADMIN_TOKEN);
  });
});
