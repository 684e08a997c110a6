import { spawn, spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createLogger } from "./create-logger.js";
import { resolveLogFormat } from "./log-format.js";

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

describe("createLogger", () => {
  it("writes JSON lines by default, an error as its name and message", () => {
    const out = capture();
    const logger = createLogger({ level: "info", destination: out.stream });
    logger.child({ component: "queue" }).warn("queue.dispatch.failed", {
      entry_id: "1-0",
      error: new Error("boom"),
    });
    const line = JSON.parse(out.text());
    expect(line).toMatchObject({
      level: "warn",
      event: "queue.dispatch.failed",
      component: "queue",
      entry_id: "1-0",
      error: { name: "Error", message: "boom" },
    });
  });

  it("writes one short line a event in the pretty format: time, level, event, fields", () => {
    const out = capture();
    const logger = createLogger({ level: "info", destination: out.stream, format: "pretty" });
    logger.child({ component: "server" }).info("server.started", {
      url: "http://127.0.0.1:3000",
      platforms: ["slack"],
      hint: "Slack is off. Set SLACK_BOT_TOKEN.",
    });
    logger.error("server.stop_failed", { error: new Error("Redis went away") });
    const lines = stripVTControlCharacters(out.text()).trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: server\.started url=http:\/\/127\.0\.0\.1:3000 platforms=\[slack\] hint="Slack is off\. Set SLACK_BOT_TOKEN\."$/,
    );
    expect(lines[1]).toMatch(/ERROR: server\.stop_failed error="Redis went away"$/);
    expect(out.text()).not.toContain("{");
  });

  it("summarises a validation error in one line that names the fields", () => {
    const out = capture();
    const logger = createLogger({ level: "info", destination: out.stream, format: "pretty" });
    const parsed = z.object({ turnId: z.string(), conversationKey: z.string() }).safeParse({});
    if (parsed.success) throw new Error("expected the value to be invalid");
    logger.error("queue.turn.failed", { error: parsed.error });
    const line = out.text().trimEnd();
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toMatch(/error="invalid fields: turnId \(.+\), conversationKey \(.+\)"/);
  });

  it("never writes a redacted field's value, whatever the format", () => {
    for (const format of ["json", "pretty"] as const) {
      const out = capture();
      createLogger({ level: "info", destination: out.stream, format }).info("bots.slack.seen", {
        token: "xoxb-secret-value",
      });
      expect(out.text()).not.toContain("xoxb-secret-value");
      expect(out.text()).toContain("[redacted]");
    }
  });
  it("redacts a field one level down and in a child's bindings, and leaves the caller's object alone", () => {
    const out = capture();
    const fields = { turn_id: "t_1", request: { text: "the secret plan", id: "r_1" }, list: ["text"] };
    createLogger({ level: "info", destination: out.stream })
      .child({ component: "queue", secret: "binding-secret-value" })
      .info("queue.turn.seen", fields);
    const line = JSON.parse(out.text());
    expect(line).toMatchObject({
      turn_id: "t_1",
      request: { text: "[redacted]", id: "r_1" },
      list: ["text"],
      secret: "[redacted]",
    });
    expect(out.text()).not.toContain("the secret plan");
    expect(out.text()).not.toContain("binding-secret-value");
    expect(fields.request.text).toBe("the secret plan");
  });
});

describe("resolveLogFormat", () => {
  it("is pretty at a terminal and JSON elsewhere, unless LOG_FORMAT says which", () => {
    expect(resolveLogFormat({ requested: undefined, isTty: true })).toBe("pretty");
    expect(resolveLogFormat({ requested: undefined, isTty: false })).toBe("json");
    expect(resolveLogFormat({ requested: "json", isTty: true })).toBe("json");
    expect(resolveLogFormat({ requested: "pretty", isTty: false })).toBe("pretty");
  });
});

describe("createLogger on stdout", () => {
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  /** Runs `body` in a node of its own with `logger` made for stdout, and returns its JSON lines. */
  function runLogging(logger: string, body: string) {
    const script = `import { createLogger } from "./server/src/logging/create-logger.ts";
      const logger = createLogger(${logger});
      ${body}`;
    const run = spawnSync(
      process.execPath,
      ["--conditions=@baton/source", "--import", "tsx", "--input-type=module", "-e", script],
      { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; i?: number; lines?: number });
    return { status: run.status, lines };
  }

  /**
   * A script's body: `before`, then `during` with sonic-boom's writes (fs.write) counted, then the
   * count logged as `test.writes`, given time to be written, and exit.
   */
  const countingWrites = ({ before = "", during }: { before?: string; during: string }) =>
    `const fs = (await import("node:fs")).default;
     ${before}
     let writes = 0;
     const write = fs.write;
     fs.write = (...args) => { writes += 1; return write(...args); };
     ${during}
     fs.write = write;
     logger.info("test.writes", { writes });
     await new Promise((resolve) => setTimeout(resolve, 600));
     process.exit(0);`;

  it("loses no line when the process exits straight after logging, even by process.exit", () => {
    // The JSON lines are written asynchronously; what is still buffered must be flushed on exit.
    const { status, lines } = runLogging(
      `{ level: "info" }`,
      `for (let i = 0; i < 5000; i++) logger.info("test.line", { i, padding: "x".repeat(200) });
       process.exit(3);`,
    );
    expect(status).toBe(3);
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it("writes lines logged a moment apart in batches, not a write each", () => {
    // Each write is a job for libuv's thread pool: under a steady trickle of webhooks, one a line
    // was a tenth of the gateway's CPU. sonic-boom writes through fs.write, counted here.
    const { status, lines } = runLogging(
      `{ level: "info" }`,
      countingWrites({
        during: `for (let i = 0; i < 200; i++) {
           logger.info("test.line", { i, padding: "x".repeat(100) });
           await new Promise((resolve) => setTimeout(resolve, 1));
         }
         await new Promise((resolve) => setTimeout(resolve, 600));`,
      }),
    );
    expect(status).toBe(0);
    expect(lines.filter((line) => line.event === "test.line").map((line) => line.i)).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
    const [counted] = lines.filter((line) => line.event === "test.writes") as Array<{ writes?: number }>;
    // About 40 KB of lines in 4 KB batches, and a few timed flushes; one write a line would be 200.
    expect(counted?.writes).toBeGreaterThan(0);
    expect(counted?.writes).toBeLessThan(40);
  });

  it("makes no write while nothing is logged", () => {
    // A timed flush of nothing is still a write, a thread pool job: four a second in an idle worker.
    const { status, lines } = runLogging(
      `{ level: "info" }`,
      countingWrites({
        before: `logger.info("test.line", {});
          await new Promise((resolve) => setTimeout(resolve, 600));`,
        during: "await new Promise((resolve) => setTimeout(resolve, 1500));",
      }),
    );
    expect(status).toBe(0);
    expect(lines.map((line) => line.event)).toEqual(["test.line", "test.writes"]);
    const [counted] = lines.filter((line) => line.event === "test.writes") as Array<{ writes?: number }>;
    expect(counted?.writes).toBe(0);
  });

  it("writes a lone line within a moment, while the process runs on", async () => {
    const script = `import { createLogger } from "./server/src/logging/create-logger.ts";
      createLogger({ level: "info" }).info("test.alone", {});
      setTimeout(() => {}, 60_000);`;
    const child = spawn(
      process.execPath,
      ["--conditions=@baton/source", "--import", "tsx", "--input-type=module", "-e", script],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("\n")) resolve(text);
        });
        child.once("exit", () => reject(new Error(`exited before writing its line: ${text}`)));
      });
      expect(JSON.parse(line)).toMatchObject({ event: "test.alone" });
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("drops lines past its cap rather than grow, and says how many it dropped", () => {
    const { status, lines } = runLogging(
      `{ level: "info", stdout: { maxUnwrittenBytes: 65536, droppedReportMs: 100 } }`,
      `for (let i = 0; i < 20000; i++) logger.info("test.line", { i, padding: "x".repeat(200) });
       setTimeout(() => process.exit(0), 1000);`,
    );
    expect(status).toBe(0);
    const written = lines.filter((line) => line.event === "test.line").length;
    const dropped = lines
      .filter((line) => line.event === "server.logging.lines_dropped")
      .reduce((sum, line) => sum + (line.lines ?? 0), 0);
    expect(written).toBeGreaterThan(0);
    expect(dropped).toBeGreaterThan(0);
    expect(written + dropped).toBe(20000);
  });

  it("keeps the count of dropped lines when the report of them is dropped too", () => {
    // Every write takes 300 ms (a reader that lags), and a report is due every 20 ms: the first
    // reports find the cap still full and are dropped themselves. Their count must carry over.
    // Short lines last fill the cap closer than a report's length.
    const { status, lines } = runLogging(
      `{ level: "info", stdout: { maxUnwrittenBytes: 65536, droppedReportMs: 20 } }`,
      `const fs = (await import("node:fs")).default;
       const write = fs.write;
       fs.write = (...args) => { setTimeout(() => write(...args), 300); };
       for (let i = 0; i < 2000; i++) logger.info("test.line", { i, padding: "x".repeat(200) });
       for (let i = 2000; i < 2100; i++) logger.info("test.line", { i });
       setTimeout(() => process.exit(0), 1500);`,
    );
    expect(status).toBe(0);
    const written = lines.filter((line) => line.event === "test.line").length;
    const reports = lines.filter((line) => line.event === "server.logging.lines_dropped");
    const dropped = reports.reduce((sum, line) => sum + (line.lines ?? 0), 0);
    expect(written).toBeGreaterThan(0);
    expect(reports.length).toBeGreaterThan(0);
    expect(written + dropped).toBe(2100);
  });

  it("tells how many lines it dropped since its last report when the process exits", () => {
    // The report is due only every minute: the one at exit is the only one.
    const { status, lines } = runLogging(
      `{ level: "info", stdout: { maxUnwrittenBytes: 8192, droppedReportMs: 60000 } }`,
      `for (let i = 0; i < 2000; i++) logger.info("test.line", { i, padding: "x".repeat(200) });
       process.exit(0);`,
    );
    expect(status).toBe(0);
    const written = lines.filter((line) => line.event === "test.line").length;
    const reports = lines.filter((line) => line.event === "server.logging.lines_dropped");
    expect(reports).toHaveLength(1);
    expect(written).toBeGreaterThan(0);
    expect(written + (reports[0]?.lines ?? 0)).toBe(2000);
  });
});
