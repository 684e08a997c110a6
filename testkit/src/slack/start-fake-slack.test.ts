import { LogLevel, WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "./start-fake-slack.js";

let slack: FakeSlack;
let client: WebClient;

beforeEach(async () => {
  slack = await startFakeSlack();
  client = new WebClient("xoxb-test", { slackApiUrl: slack.url, logLevel: LogLevel.ERROR });
});
afterEach(() => slack.close());

describe("startFakeSlack with the real WebClient", () => {
  it("shows a posted message in conversations.replies", async () => {
    const parent = slack.seedMessage({ channel: "C1", text: "please fix the build", user: "U1" });
    const posted = await client.chat.postMessage({ channel: "C1", thread_ts: parent.ts, text: "On it" });

    const replies = await client.conversations.replies({ channel: "C1", ts: parent.ts });

    expect(posted.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(replies.messages?.map((m) => m.text)).toEqual(["please fix the build", "On it"]);
    expect(replies.messages?.[0]).toMatchObject({ reply_count: 1, latest_reply: posted.ts });
    expect(replies.messages?.[1]).toMatchObject({
      user: slack.identity.botUserId,
      bot_id: slack.identity.botId,
    });
  });

  it("records the wire body raw and decoded, with the bearer token", async () => {
    const blocks = [{ type: "section", text: { type: "mrkdwn", text: "*hi*" } }];
    await client.chat.postMessage({ channel: "C1", text: "hi", blocks });

    const [call] = slack.callsTo("chat.postMessage");
    expect(call).toMatchObject({
      token: "xoxb-test",
      outcome: { kind: "ok" },
      body: { channel: "C1", blocks },
    });
    expect(call?.contentType).toBe("application/x-www-form-urlencoded");
    expect(new URLSearchParams(call?.rawBody).get("blocks")).toBe(JSON.stringify(blocks));
  });

  it("hands out increasing timestamps and updates messages in place", async () => {
    const first = await client.chat.postMessage({ channel: "C1", text: "working" });
    const second = await client.chat.postMessage({ channel: "C1", text: "still working" });
    const updated = await client.chat.update({ channel: "C1", ts: first.ts ?? "", text: "done" });

    const history = await client.conversations.history({ channel: "C1" });

    expect(Number(second.ts)).toBeGreaterThan(Number(first.ts));
    expect(updated).toMatchObject({ ok: true, channel: "C1", ts: first.ts, text: "done" });
    expect(history.messages?.map((m) => m.text)).toEqual(["still working", "done"]);
  });

  it("tracks reactions per message and name", async () => {
    const target = { channel: "C1", timestamp: "1700000000.000001", name: "eyes" };
    await client.reactions.add(target);

    await expect(client.reactions.add(target)).rejects.toMatchObject({ data: { error: "already_reacted" } });
    expect(slack.reactionsOn("C1", target.timestamp)).toEqual(["eyes"]);
    await client.reactions.remove(target);
    await expect(client.reactions.remove(target)).rejects.toMatchObject({ data: { error: "no_reaction" } });
  });

  it("answers identity, directory, modal, permalink and assistant methods", async () => {
    slack.seedChannel({ id: "C9", name: "deploys", topic: "ship it" });
    slack.seedUser({ id: "U9", name: "ada", realName: "Ada Lovelace" });

    const auth = await client.auth.test();
    const info = await client.conversations.info({ channel: "C9" });
    const user = await client.users.info({ user: "U9" });
    const view = await client.views.open({
      trigger_id: "t1",
      view: { type: "modal", title: { type: "plain_text", text: "Hi" }, blocks: [] },
    });
    const link = await client.chat.getPermalink({ channel: "C9", message_ts: "1700000000.000100" });
    const status = await client.assistant.threads.setStatus({
      channel_id: "D1",
      thread_ts: "1.2",
      status: "thinking",
    });

    expect(auth).toMatchObject({
      user_id: slack.identity.botUserId,
      team_id: slack.identity.teamId,
      bot_id: slack.identity.botId,
    });
    expect(info.channel).toMatchObject({ name: "deploys", topic: { value: "ship it" } });
    expect(user.user).toMatchObject({ name: "ada", real_name: "Ada Lovelace" });
    expect(view.view?.id).toMatch(/^V/);
    expect(link.permalink).toBe("https://fake-team.slack.com/archives/C9/p1700000000000100");
    expect(status.ok).toBe(true);
  });

  it("keeps the status line of a thread until the app replies in it or clears it, as Slack does", async () => {
    const thread = { channel_id: "C1", thread_ts: "1700000000.000100" };
    await client.assistant.threads.setStatus({ ...thread, status: "is working: step 1" });
    await client.assistant.threads.setStatus({ ...thread, status: "is working: step 2" });
    await client.assistant.threads.setStatus({ channel_id: "C1", thread_ts: "1.9", status: "elsewhere" });
    expect(slack.threadStatus("C1", thread.thread_ts)).toBe("is working: step 2");
    // A message elsewhere in the channel leaves it; the app's reply in the thread clears it.
    await client.chat.postMessage({ channel: "C1", text: "top level" });
    expect(slack.threadStatus("C1", thread.thread_ts)).toBe("is working: step 2");
    await client.chat.postMessage({ channel: "C1", thread_ts: thread.thread_ts, text: "Done." });
    expect(slack.threadStatus("C1", thread.thread_ts)).toBeUndefined();
    expect(slack.threadStatus("C1", "1.9")).toBe("elsewhere");
    await client.assistant.threads.setStatus({ channel_id: "C1", thread_ts: "1.9", status: "" });
    expect(slack.threadStatus("C1", "1.9")).toBeUndefined();
    await expect(
      client.assistant.threads.setStatus({ channel_id: "C1", thread_ts: "", status: "x" }),
    ).rejects.toMatchObject({ data: { error: "invalid_thread_ts" } });
  });

  it("lists a user group's members, and refuses unknown groups and other workspaces' like Slack", async () => {
    slack.seedUserGroup({ id: "S0DEVS", users: ["U1", "U2"] });
    const members = await client.usergroups.users.list({ usergroup: "S0DEVS" });
    expect(members).toMatchObject({ ok: true, users: ["U1", "U2"] });
    const inTeam = await client.usergroups.users.list({
      usergroup: "S0DEVS",
      team_id: slack.identity.teamId,
    });
    expect(inTeam.users).toEqual(["U1", "U2"]);
    await expect(client.usergroups.users.list({ usergroup: "S0NOPE" })).rejects.toMatchObject({
      data: { error: "no_such_subteam" },
    });
    await expect(
      client.usergroups.users.list({ usergroup: "S0DEVS", team_id: "T0OTHER" }),
    ).rejects.toMatchObject({ data: { error: "no_such_subteam" } });
    slack.reset();
    await expect(client.usergroups.users.list({ usergroup: "S0DEVS" })).rejects.toMatchObject({
      data: { error: "no_such_subteam" },
    });
  });

  it("rejects unknown methods and bad tokens like Slack", async () => {
    await expect(client.apiCall("chat.summonDragon")).rejects.toMatchObject({
      data: { error: "unknown_method" },
    });
    const stranger = new WebClient("xoxp-user", { slackApiUrl: slack.url, logLevel: LogLevel.ERROR });
    await expect(stranger.auth.test()).rejects.toMatchObject({ data: { error: "invalid_auth" } });
    const anonymous = new WebClient(undefined, { slackApiUrl: slack.url, logLevel: LogLevel.ERROR });
    await expect(anonymous.auth.test()).rejects.toMatchObject({ data: { error: "not_authed" } });
  });
});

describe("startFakeSlack on the raw wire", () => {
  it("reads JSON bodies with a bearer header and form bodies with a token field", async () => {
    const json = await fetch(`${slack.url}chat.postMessage`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", authorization: "Bearer xoxb-json" },
      body: JSON.stringify({ channel: "C1", text: "from json" }),
    });
    const form = await fetch(`${slack.url}auth.test`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "token=xoxb-form",
    });

    expect(json.headers.get("content-type")).toBe("application/json");
    expect(await json.json()).toMatchObject({ ok: true, channel: "C1" });
    expect(await form.json()).toMatchObject({ ok: true });
    expect(slack.calls.map((call) => call.token)).toEqual(["xoxb-json", "xoxb-form"]);
  });

  it("accepts only the configured tokens when given", async () => {
    const strict = await startFakeSlack({ validTokens: ["xoxb-right"] });
    const wrong = new WebClient("xoxb-wrong", { slackApiUrl: strict.url, logLevel: LogLevel.ERROR });
    await expect(wrong.auth.test()).rejects.toMatchObject({ data: { error: "invalid_auth" } });
    await strict.close();
  });
});
