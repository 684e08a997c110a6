import { afterEach, describe, expect, it } from "vitest";
import { slackActions } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const ADMIN_TOKEN = "admin-token-0123456789abcdef";

describe("the queue dashboard at /admin/queues", () => {
  let t: TestBaton | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("does not exist without BATON_ADMIN_TOKEN", async () => {
    t = await startTestBaton();
    expect((await fetch(`${t.url}/admin/queues`)).status).toBe(404);
    expect((await fetch(`${t.url}/admin/queues/api/queues`)).status).toBe(404);
  });

  it("with BATON_ADMIN_TOKEN, asks for it and then lists Baton's queues, read-only", async () => {
    t = await startTestBaton({ env: { BATON_ADMIN_TOKEN: ADMIN_TOKEN } });
    await slackActions(t).mention({ channel: "C0DASH", text: "hello" });
    const base = `${t.url}/admin/queues`;

    const anonymous = await fetch(base);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain('<form method="post" action="/admin/queues/login">');
    expect((await fetch(`${base}/api/queues`)).status).toBe(401);
    const wrong = await fetch(`${base}/api/queues`, { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status).toBe(401);

    const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const page = await fetch(base, { headers: bearer });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('<base href="/admin/queues/');
    const script = /src="(static\/js\/main\.[\w.]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${base}/${script}`, { headers: bearer })).status).toBe(200);
    expect((await fetch(`${base}/${script}`)).status).toBe(401);
    const api = await fetch(`${base}/api/queues`, { headers: bearer });
    expect(api.status).toBe(200);
    const { queues } = (await api.json()) as { queues: Array<{ name: string; readOnlyMode: boolean }> };
    expect(queues.map((q) => q.name)).toEqual([`${t.redis.prefix}-turns`]);
    expect(queues[0]?.readOnlyMode).toBe(true);
    // Actions are not routed at all: the board only reads.
    const pause = await fetch(`${base}/api/queues/${t.redis.prefix}-turns/pause`, {
      method: "PUT",
      headers: bearer,
    });
    expect(pause.status).toBe(405);

    // A link with the token signs a browser in with an HttpOnly cookie and drops the token.
    const link = await fetch(`${base}?token=${ADMIN_TOKEN}`, { redirect: "manual" });
    expect(link.status).toBe(303);
    expect(link.headers.get("location")).toBe("/admin/queues");
    const cookie = link.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^baton_admin=[\w-]+; Path=\/admin\/queues; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toContain(ADMIN_TOKEN);
    const session = cookie.split(";", 1)[0]!;
    expect((await fetch(`${base}/api/queues`, { headers: { cookie: session } })).status).toBe(200);
    expect((await fetch(`${base}/api/queues`, { headers: { cookie: "baton_admin=forged" } })).status).toBe(
      401,
    );
    expect((await fetch(`${base}?token=wrong-token`, { redirect: "manual" })).status).toBe(401);

    // The form posts the token instead of putting it in a URL.
    const form = await fetch(`${base}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: ADMIN_TOKEN }).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("set-cookie")?.split(";", 1)[0]).toBe(session);

    expect(JSON.stringify(t.logger.lines)).not.toContain(ADMIN_TOKEN);
  });
  it("marks its cookie Secure when BATON_PUBLIC_URL is https, however the scheme is written", async () => {
    t = await startTestBaton({
      env: { BATON_ADMIN_TOKEN: ADMIN_TOKEN, BATON_PUBLIC_URL: "HTTPS://baton.example.com" },
    });
    const link = await fetch(`${t.url}/admin/queues?token=${ADMIN_TOKEN}`, { redirect: "manual" });
    expect(link.status).toBe(303);
    expect(link.headers.get("set-cookie")).toMatch(/; Secure/);
  });
});
