import { runSlackCommand, SLACK_BOT_SCOPES } from "@baton/slack";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";

/**
 * The app manifest as Slack documents it (https://docs.slack.dev/reference/app-manifest), with
 * its documented limits. Objects are strict, so a misspelled or misplaced key fails here before
 * Slack's own check would.
 */
const httpsUrl = z.url({ protocol: /^https$/ });
const scope = z.string().regex(/^[a-z_.]+(:[a-z_.]+)?$/);
const manifestSchema = z.strictObject({
  _metadata: z
    .strictObject({ major_version: z.number().int().min(1).max(2), minor_version: z.number().int().min(0) })
    .optional(),
  display_information: z.strictObject({
    name: z.string().min(1).max(35),
    description: z.string().max(140).optional(),
    long_description: z.string().min(174).max(4000).optional(),
    background_color: z
      .string()
      .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)
      .optional(),
  }),
  features: z
    .strictObject({
      app_home: z
        .strictObject({
          home_tab_enabled: z.boolean().optional(),
          messages_tab_enabled: z.boolean().optional(),
          messages_tab_read_only_enabled: z.boolean().optional(),
        })
        .optional(),
      bot_user: z
        .strictObject({
          display_name: z
            .string()
            .min(1)
            .max(80)
            .regex(/^[a-z0-9._-]+$/),
          always_online: z.boolean().optional(),
        })
        .optional(),
      shortcuts: z
        .array(
          z.strictObject({
            name: z.string().min(1),
            type: z.enum(["message", "global"]),
            callback_id: z.string().min(1).max(255),
            description: z.string().min(1).max(150),
          }),
        )
        .max(10)
        .optional(),
      slash_commands: z
        .array(
          z.strictObject({
            command: z
              .string()
              .regex(/^\/\S+$/)
              .max(32),
            url: httpsUrl.optional(),
            description: z.string().min(1).max(2000),
            usage_hint: z.string().max(1000).optional(),
            should_escape: z.boolean().optional(),
          }),
        )
        .max(50)
        .optional(),
      unfurl_domains: z.array(z.string()).max(5).optional(),
    })
    .optional(),
  oauth_config: z
    .strictObject({
      redirect_urls: z.array(httpsUrl).max(1000).optional(),
      scopes: z
        .strictObject({ bot: z.array(scope).max(255).optional(), user: z.array(scope).max(255).optional() })
        .optional(),
    })
    .optional(),
  settings: z
    .strictObject({
      allowed_ip_address_ranges: z.array(z.string()).max(50).optional(),
      event_subscriptions: z
        .strictObject({
          request_url: httpsUrl.optional(),
          bot_events: z
            .array(z.string().regex(/^[a-z_]+(\.[a-z_]+)?$/))
            .max(100)
            .optional(),
          user_events: z.array(z.string()).max(100).optional(),
        })
        .optional(),
      interactivity: z
        .strictObject({
          is_enabled: z.boolean(),
          request_url: httpsUrl.optional(),
          message_menu_options_url: httpsUrl.optional(),
        })
        .optional(),
      org_deploy_enabled: z.boolean().optional(),
      socket_mode_enabled: z.boolean().optional(),
      token_rotation_enabled: z.boolean().optional(),
    })
    .optional(),
});
type Manifest = z.infer<typeof manifestSchema>;

/** The scope each subscribed bot event needs (Slack's event reference). */
const SCOPE_FOR_EVENT: Record<string, string> = {
  app_mention: "app_mentions:read",
  "message.channels": "channels:history",
  "message.groups": "groups:history",
  "message.im": "im:history",
  "message.mpim": "mpim:history",
};

async function run(args: string[], env: Record<string, string | undefined> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runSlackCommand(args, {
    env,
    stdout: (line) => stdout.push(line),
    stderr: (line) => stderr.push(line),
  });
  return { code, stdout: stdout.join("\n"), stderr: stderr.join("\n") };
}

async function printedManifest(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<Manifest> {
  const { code, stdout } = await run(args, env);
  expect(code).toBe(0);
  return manifestSchema.parse(parse(stdout));
}

function expectEverythingBatonNeeds(manifest: Manifest): void {
  const bot = manifest.oauth_config?.scopes?.bot ?? [];
  const events = manifest.settings?.event_subscriptions?.bot_events ?? [];
  // chat:write covers the status line too (assistant.threads.setStatus): no scope an install lacks.
  expect(bot).toEqual(
    expect.arrayContaining([...SLACK_BOT_SCOPES, "commands", "reactions:write", "chat:write"]),
  );
  expect(bot).not.toContain("assistant:write");
  expect(events).toEqual(["app_mention", "message.channels", "message.groups", "message.im", "message.mpim"]);
  for (const event of events) expect(bot).toContain(SCOPE_FOR_EVENT[event]);
  // DMs arrive only when the App Home's Messages tab is open for writing.
  expect(manifest.features?.app_home).toMatchObject({
    messages_tab_enabled: true,
    messages_tab_read_only_enabled: false,
  });
  expect(manifest.features?.bot_user).toMatchObject({ display_name: "baton", always_online: true });
  expect(manifest.features?.slash_commands?.map((command) => command.command)).toEqual(["/baton"]);
  expect(manifest.features?.shortcuts).toEqual([
    expect.objectContaining({ name: "Send to Baton", type: "message", callback_id: "send_to_baton" }),
  ]);
  // Slash commands and shortcuts only reach an app with interactivity on.
  expect(manifest.settings?.interactivity?.is_enabled).toBe(true);
}

describe("baton slack manifest", () => {
  it("prints an HTTP manifest that validates against Slack's documented shape", async () => {
    const manifest = await printedManifest(["manifest", "--url", "https://baton.example.com/"]);
    const url = "https://baton.example.com/slack/events";

    expectEverythingBatonNeeds(manifest);
    expect(manifest.settings).toMatchObject({
      socket_mode_enabled: false,
      event_subscriptions: { request_url: url },
      interactivity: { request_url: url, message_menu_options_url: url },
    });
    expect(manifest.features?.slash_commands?.[0]?.url).toBe(url);
  });

  it("prints a Socket Mode manifest with no request URLs", async () => {
    const { stdout, stderr } = await run(["manifest", "--socket-mode"]);
    const manifest = manifestSchema.parse(parse(stdout));

    expectEverythingBatonNeeds(manifest);
    expect(manifest.settings?.socket_mode_enabled).toBe(true);
    expect(stdout).not.toMatch(/url/);
    expect(stderr).toMatch(/SLACK_APP_TOKEN.*connections:write/);
  });

  it("takes the URL from BATON_PUBLIC_URL and the app name from --name", async () => {
    const manifest = await printedManifest(["manifest", "--name", "Baton Staging"], {
      BATON_PUBLIC_URL: "https://staging.example.com",
    });

    expect(manifest.display_information.name).toBe("Baton Staging");
    expect(manifest.settings?.event_subscriptions?.request_url).toBe(
      "https://staging.example.com/slack/events",
    );
  });

  it("catches a misspelled key in its own schema", () => {
    const printed = { display_information: { name: "Baton" }, settings: { socket_mode_enable: true } };
    expect(manifestSchema.safeParse(printed).success).toBe(false);
  });

  it("explains bad usage with exit code 2", async () => {
    const cases = [
      { args: ["manifest"], problem: /needs --url/ },
      { args: ["manifest", "--url", "http://localhost:3000"], problem: /must be https.*--socket-mode/ },
      { args: ["manifest", "--url", "not a url"], problem: /is not a URL/ },
      { args: ["manifest", "--socket-mode", "--name", "x".repeat(36)], problem: /1 to 35 characters/ },
      { args: ["manifest", "--verbose"], problem: /--verbose/ },
      { args: ["frobnicate"], problem: /unknown command "frobnicate"/ },
    ];
    for (const { args, problem } of cases) {
      const { code, stdout, stderr } = await run(args);
      expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: "" });
      expect(stderr).toMatch(problem);
    }
    expect(await run([])).toMatchObject({ code: 0, stdout: expect.stringContaining("Usage: baton slack") });
  });
});
