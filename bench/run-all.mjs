// npm run bench — every benchmark of the repository, one after the other, each through its own
// npm script (so each builds what it needs and starts its own servers). A benchmark whose script
// is not in package.json is skipped, and one that fails does not stop the others. The run ends
// with one line per benchmark and every target missed, and exits 1 when a benchmark crashed, 2
// when all ran but one missed a target (each benchmark says so by its own exit code 2 and its
// `bench-target` lines, see bench-support.mjs), 0 when every target was met.
//   BENCH_SOAK_FULL=1 npm run bench   — the soak for its full 10 minutes instead of a short one
//   BENCH_ONLY=bench:ack,bench:share npm run bench   — only those
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { MISSED_TARGET_EXIT_CODE, TARGET_LINE_PREFIX } from "./bench-support.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const ALL_BENCHMARKS = [
  "bench:ingest",
  "bench:ack",
  "bench:share",
  "bench:classifier",
  "bench:dispatch",
  "bench:session",
  "bench:sessions",
  "bench:soak",
];
const BENCHMARKS = process.env.BENCH_ONLY
  ? ALL_BENCHMARKS.filter((name) => process.env.BENCH_ONLY.split(",").includes(name))
  : ALL_BENCHMARKS;
/** The short soak `npm run bench` runs unless BENCH_SOAK_FULL is set, in seconds. */
const SHORT_SOAK_S = 60;

const { scripts } = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const formatLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Runs one benchmark, its output passed through; resolves with how it ended and the targets it missed. */
function runScript(name, env) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], {
      cwd: root,
      stdio: ["inherit", "pipe", "inherit"],
      env: { ...process.env, ...env },
    });
    const missed = [];
    createInterface({ input: child.stdout }).on("line", (line) => {
      console.log(line);
      if (!line.startsWith(TARGET_LINE_PREFIX)) return;
      const target = JSON.parse(line.slice(TARGET_LINE_PREFIX.length));
      if (!target.met) missed.push(target);
    });
    child.on("close", (code, signal) => resolve({ code: signal ? `killed by ${signal}` : code, missed }));
    child.on("error", (error) => resolve({ code: error.message, missed }));
  });
}

function describeOutcome({ code, missed }, seconds) {
  if (code === 0) return { result: `ok in ${seconds} s`, kind: "ok" };
  if (code === MISSED_TARGET_EXIT_CODE)
    return { result: `MISSED ${missed.length || "a"} target(s) in ${seconds} s`, kind: "missed" };
  return { result: `FAILED (${code}) after ${seconds} s`, kind: "failed" };
}

const outcomes = [];
console.log(
  `npm run bench: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load average ${formatLoad()}`,
);
for (const name of BENCHMARKS) {
  if (!scripts[name]) {
    outcomes.push({ name, result: "skipped (no such npm script)", kind: "skipped", missed: [] });
    continue;
  }
  // The soak's own length variable, unless the caller chose one or asked for the full run.
  const env =
    name === "bench:soak" && !process.env.BENCH_SOAK_FULL && !process.env.BENCH_SOAK_S
      ? { BENCH_SOAK_S: String(SHORT_SOAK_S) }
      : {};
  console.log(`\n━━ npm run ${name} (load average ${formatLoad()}) ━━`);
  const started = Date.now();
  const ended = await runScript(name, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  outcomes.push({ name, missed: ended.missed, ...describeOutcome(ended, seconds) });
}

console.log(`\nnpm run bench — load average ${formatLoad()}`);
for (const { name, result, missed } of outcomes) {
  console.log(`  ${name.padEnd(18)} ${result}`);
  for (const { name: target, value, target: wanted } of missed) {
    console.log(`    missed: ${target} = ${JSON.stringify(value)} (target ${wanted})`);
  }
}
if (outcomes.some(({ kind }) => kind === "failed")) process.exitCode = 1;
else if (outcomes.some(({ kind }) => kind === "missed")) process.exitCode = MISSED_TARGET_EXIT_CODE;
