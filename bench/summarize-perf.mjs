// perf script -i perf.data -F tid,time,ip,sym | node bench/summarize-perf.mjs <worker pids, comma-separated> [from s] [to s] [rows]
//
// Where Baton's workers spent their CPU, from Linux `perf` samples of the whole process (every
// thread), recorded with the workers started under `--perf-basic-prof` (see bench/README.md). V8's
// own sampler costs more than the quiet work it measures and sees only the main thread; perf samples
// at a fixed rate from the kernel and sees V8's collector and compiler threads too. Prints, for the
// samples between `from` and `to` seconds after the first one (all by default):
//   - each thread kind's share: the main threads, and the others split into the optimizing
//     compiler, the garbage collector and the rest;
//   - the main threads' samples by owner: the innermost frame of Baton's own workspaces
//     (`core/budget/rate-budget.js`), else of a package (`node_modules/<package>`), else Node and V8;
//   - the same, counted once for every owner anywhere on the stack (inclusive; stacks are cut
//     where an await resumes, so read the inclusive figures as lower bounds).
import { createInterface } from "node:readline";
import { batonModuleOf, packageOf } from "./code-owner.mjs";

const [pidList, fromArg = "0", toArg = "Infinity", rowsArg = "30"] = process.argv.slice(2);
if (!pidList) {
  console.error(
    "usage: perf script -F tid,time,ip,sym | node bench/summarize-perf.mjs <worker pids> [from s] [to s] [rows]",
  );
  process.exit(2);
}
const mainThreads = new Set(pidList.split(","));
const [from, to, rows] = [Number(fromArg), Number(toArg), Number(rowsArg)];

/** `core/budget/rate-budget.js` for Baton's code, `ioredis` for a package, null otherwise. */
function ownerOf(frame) {
  const baton = batonModuleOf(frame);
  return baton ? `${baton.workspace}/${baton.module}` : packageOf(frame);
}

function kindOfOtherThread(frames) {
  const stack = frames.join(" ");
  if (/compiler::|Compil|OptimizingCompile|Maglev/.test(stack)) return "other threads: optimizing compiler";
  if (/Heap::|Scaveng|MarkCompact|ConcurrentMarking|Sweeper|MemoryAllocator/.test(stack))
    return "other threads: garbage collector";
  return "other threads: the rest";
}

const kinds = new Map();
const innermost = new Map();
const inclusive = new Map();
let mainSamples = 0;
let allSamples = 0;
let firstAt;
let sample;
const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

function count({ tid, at, frames }) {
  firstAt ??= at;
  const since = at - firstAt;
  if (since < from || since >= to) return;
  allSamples += 1;
  if (!mainThreads.has(tid)) return add(kinds, kindOfOtherThread(frames));
  mainSamples += 1;
  add(kinds, "main threads");
  const owners = frames.map(ownerOf);
  add(innermost, owners.find((owner) => owner !== null) ?? "(node and V8)");
  for (const owner of new Set(owners.filter((owner) => owner !== null))) add(inclusive, owner);
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "") {
    if (sample) count(sample);
    sample = undefined;
  } else if (!line.startsWith("\t")) {
    const [tid, time] = line.trim().split(/\s+/);
    sample = { tid, at: Number.parseFloat(time), frames: [] };
  } else {
    sample?.frames.push(line.trim());
  }
}
if (sample) count(sample);

const percent = (part, whole) => `${((100 * part) / Math.max(whole, 1)).toFixed(1).padStart(5)} %`;
function print(title, map, whole) {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${percent(value, whole)}  ${key}`);
}
console.log(`${allSamples} samples, ${mainSamples} on the workers' main threads`);
print("by thread, of all samples", kinds, allSamples);
print("main threads, by innermost owner", innermost, mainSamples);
print("main threads, by owner anywhere on the stack", inclusive, mainSamples);
