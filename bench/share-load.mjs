// npm run bench:share — do share pages stall acknowledgements? A session with a ~100 MB
// transcript is shared; 10 viewers load its page (and its markdown) over and over while signed
// app_mention events arrive at 20/s. Prints the events' HTTP answer latency (Slack's 3 s clock)
// at p50/p99 against the 1 s target, and the page loads' own latency.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createRedisKeys,
  createSessionStore,
  createShareService,
  createShareStore,
  createTranscriptStore,
  loadShareLinkKeyring,
  silentLogger,
} from "@baton/core";
import {
  buildAppMentionEvent,
  FAKE_SLACK_DEFAULTS,
  getFreePort,
  newMessageTs,
  postSlackEvent,
  startFakeSlack,
} from "@baton/testkit";
import { Redis } from "ioredis";
import {
  BENCH_REDIS_URL,
  BENCH_SIGNING_SECRET,
  batonEnv,
  flushPrefix,
  percentile,
  waitUntilHealthy,
} from "./bench-support.mjs";

const REDIS_URL = BENCH_REDIS_URL;
const SIGNING_SECRET = BENCH_SIGNING_SECRET;
const SHARE_KEY = "bench-share-key-7f3a9c1e5b2d8064a9c3e7f1b5d2";
const TRANSCRIPT_MB = Number(process.env.BENCH_TRANSCRIPT_MB ?? 100);
const ENTRY_CHARS = 30_000;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const EVENTS_PER_S = 20;
const ACK_TARGET_MS = 1_000;
const root = fileURLToPath(new URL("..", import.meta.url));

const redis = new Redis(REDIS_URL);
const prefix = `bench-share-${randomBytes(4).toString("hex")}`;
const keys = createRedisKeys(prefix);
const sessions = createSessionStore({ redis, keys });
const transcripts = createTranscriptStore({ redis, keys });
const slack = await startFakeSlack();
const port = await getFreePort();
const publicUrl = `http://127.0.0.1:${port}`;
let baton;

try {
  // The transcript: prose-like text (what redaction scans), written as the worker writes it.
  const session = await sessions.open({
    conversation: { platform: "slack", teamId: "T1", channelId: "C0SHARE", threadTs: "1700000000.000001" },
    conversationKey: "bench-share",
    target: { kind: "none" },
    backend: "plan",
    requester: { platform: "slack", id: "U0BENCH" },
  });
  const words = "the build failed because the cache key changed after the lockfile update so we ".repeat(400);
  const entries = Math.ceil((TRANSCRIPT_MB * 1024 * 1024) / ENTRY_CHARS);
  for (let i = 0; i < entries; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, entries - i) }, (_, j) =>
        transcripts.append(session.id, {
          kind: "event",
          turnId: "t_bench",
          event: { type: "message", text: `${i + j} ${words.slice(0, ENTRY_CHARS)}` },
        }),
      ),
    );
  }
  const shares = createShareService({
    store: createShareStore({ redis, keys }),
    sessions,
    policy: { mode: "auto", expiresInDays: 7 },
    publicUrl,
    linkKey: await loadShareLinkKeyring({ secret: SHARE_KEY, keyFile: "unused" }),
    logger: silentLogger,
  });
  const shared = await shares.shareSession(session.id);
  const shareId = shared.url.split("/s/")[1];

  baton = spawn("node", ["server/dist/cli.js", "gateway"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...batonEnv({
        redisUrl: REDIS_URL,
        prefix,
        port,
        signingSecret: SIGNING_SECRET,
        slackUrl: slack.url,
        logLevel: "warn",
      }),
      BATON_SHARE_KEY: SHARE_KEY,
      BATON_PUBLIC_URL: publicUrl,
      BATON_DATA_DIR: mkdtempSync(join(tmpdir(), "baton-bench-")),
    },
  });
  await waitUntilHealthy(publicUrl, "baton gateway");

  const until = Date.now() + DURATION_S * 1000;
  const pageMs = [];
  const viewer = async (n) => {
    while (Date.now() < until) {
      const startedAt = Date.now();
      const path = n % 2 === 0 ? `/s/${shareId}` : `/api/shared/${shareId}/markdown`;
      const response = await fetch(`${publicUrl}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`share page answered ${response.status}`);
      pageMs.push(Date.now() - startedAt);
    }
  };
  const ackMs = [];
  const events = async () => {
    const sends = [];
    for (let i = 0; Date.now() < until; i++) {
      const ts = newMessageTs();
      const envelope = buildAppMentionEvent({
        teamId: FAKE_SLACK_DEFAULTS.teamId,
        botUserId: FAKE_SLACK_DEFAULTS.botUserId,
        channelId: `C0EV${i % 20}`,
        userId: `U0EV${i % 50}`,
        text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> bench ${ts}`,
        ts,
      });
      const sentAt = Date.now();
      sends.push(
        postSlackEvent(`${publicUrl}/slack/events`, envelope, { signingSecret: SIGNING_SECRET }).then((r) => {
          if (r.status !== 200) throw new Error(`event answered ${r.status}`);
          ackMs.push(Date.now() - sentAt);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / EVENTS_PER_S));
    }
    await Promise.all(sends);
  };
  await Promise.all([events(), ...Array.from({ length: VIEWERS }, (_, n) => viewer(n))]);

  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}; baton gateway in its own process`,
  );
  console.log(
    `transcript: ${entries} entries, ~${TRANSCRIPT_MB} MB · ${VIEWERS} viewers for ${DURATION_S} s: ${pageMs.length} loads, p50 ${percentile(pageMs, 50)} ms, p99 ${percentile(pageMs, 99)} ms`,
  );
  const p99 = percentile(ackMs, 99);
  console.log(
    `signed events at ${EVENTS_PER_S}/s: ${ackMs.length} answered · p50 ${percentile(ackMs, 50)} ms, p99 ${p99} ms, max ${Math.max(...ackMs)} ms · ${p99 <= ACK_TARGET_MS ? "within" : "OUTSIDE"} the ${ACK_TARGET_MS} ms target`,
  );
} finally {
  if (baton) {
    const exited = new Promise((resolve) => baton.once("exit", resolve));
    baton.kill("SIGTERM");
    await exited;
  }
  await slack.close();
  await flushPrefix(redis, prefix);
  await redis.quit();
}
