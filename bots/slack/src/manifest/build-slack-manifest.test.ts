import { describe, expect, it } from "vitest";
import { buildSlackManifest, SLACK_BOT_EVENTS } from "./build-slack-manifest.js";

describe("buildSlackManifest", () => {
  it("points every HTTP URL at <base>/slack/events, keeping a path prefix", () => {
    const manifest = buildSlackManifest({ baseUrl: "https://example.com/baton/?x=1#y" });
    const url = "https://example.com/baton/slack/events";

    expect(manifest.settings.event_subscriptions.request_url).toBe(url);
    expect(manifest.settings.interactivity).toEqual({
      is_enabled: true,
      request_url: url,
      message_menu_options_url: url,
    });
    expect(manifest.features.slash_commands[0]?.url).toBe(url);
    expect(manifest.settings.socket_mode_enabled).toBe(false);
  });

  it("sets no URL at all for Socket Mode, with the same events, command and shortcut", () => {
    const manifest = buildSlackManifest({ socketMode: true });

    expect(JSON.stringify(manifest)).not.toMatch(/url/);
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(manifest.settings.interactivity).toEqual({ is_enabled: true });
    expect(manifest.settings.event_subscriptions.bot_events).toEqual([...SLACK_BOT_EVENTS]);
    expect(manifest.features.slash_commands.map((command) => command.command)).toEqual(["/baton"]);
    expect(manifest.features.shortcuts).toEqual([
      expect.objectContaining({ type: "message", callback_id: "send_to_baton" }),
    ]);
  });

  it("names the app and folds the name into a bot display name Slack accepts", () => {
    const manifest = buildSlackManifest({ socketMode: true, appName: "Baton (Staging)" });

    expect(manifest.display_information.name).toBe("Baton (Staging)");
    expect(manifest.features.bot_user).toEqual({ display_name: "baton-staging", always_online: true });
    expect(buildSlackManifest({ socketMode: true }).features.bot_user.display_name).toBe("baton");
  });

  it("refuses a name Slack would refuse, and an HTTP manifest without a URL", () => {
    expect(() => buildSlackManifest({ socketMode: true, appName: "x".repeat(36) })).toThrow(RangeError);
    expect(() => buildSlackManifest({ baseUrl: "" })).toThrow(/public base URL/);
  });
});
