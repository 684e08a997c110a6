// npm run bench — every benchmark of the repository, one after the other, each through its own
// npm script (so each builds what it needs and starts its own servers). A benchmark whose script
// is not in package.json is skipped, and one that fails does not stop the others; the run ends
// with one line per benchmark and fails if any did.
//   BENCH_SOAK_FULL=1 npm run bench   — the soak for its full 10 minutes instead of a short one
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const BENCHMARKS = [
  "bench:ingest",
  "bench:ack",
  "bench:share",
  "bench:classifier",
  "bench:dispatch",
  "bench:session",
  "bench:soak",
];
/** The short soak `npm run bench` runs unless BENCH_SOAK_FULL is set, in seconds. */
const SHORT_SOAK_S = 60;

const { scripts } = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const formatLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function runScript(name, env) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.on("exit", (code, signal) => resolve(signal ? `killed by ${signal}` : code));
    child.on("error", (error) => resolve(error.message));
  });
}

const outcomes = [];
console.log(
  `npm run bench: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load average ${formatLoad()}`,
);
for (const name of BENCHMARKS) {
  if (!scripts[name]) {
    outcomes.push({ name, result: "skipped (no such npm script)" });
    continue;
  }
  // The soak's own length variable, unless the caller chose one or asked for the full run.
  const env =
    name === "bench:soak" && !process.env.BENCH_SOAK_FULL && !process.env.BENCH_SOAK_S
      ? { BENCH_SOAK_S: String(SHORT_SOAK_S) }
      : {};
  console.log(`\n━━ npm run ${name} (load average ${formatLoad()}) ━━`);
  const started = Date.now();
  const code = await runScript(name, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  outcomes.push({ name, result: code === 0 ? `ok in ${seconds} s` : `FAILED (${code}) after ${seconds} s` });
}

console.log(`\nnpm run bench — load average ${formatLoad()}`);
for (const { name, result } of outcomes) console.log(`  ${name.padEnd(18)} ${result}`);
if (outcomes.some(({ result }) => result.startsWith("FAILED"))) process.exitCode = 1;
