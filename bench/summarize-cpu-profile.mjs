// node bench/summarize-cpu-profile.mjs <file.cpuprofile> [functions|packages] [rows]
//
// Where a Baton process spent its CPU, from a profile written by `node --cpu-prof` (see
// BENCH_NODE_ARGS in bench/README.md): self time summed by function (the default) or by package
// (`node_modules/<package>`, Baton's own workspace, or Node's internals), largest first, with each
// one's share of the profile. "(idle)" is time the process waited; "(garbage collector)" is GC.
import { readFileSync } from "node:fs";
import { batonModuleOf, packageOf } from "./code-owner.mjs";

const [file, by = "functions", rows = "30"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/summarize-cpu-profile.mjs <file.cpuprofile> [functions|packages] [rows]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** node_modules/@scope/name or node_modules/name; a workspace folder; node:internal/…; or the bare name. */
function ownerOf(url, functionName) {
  const baton = batonModuleOf(url);
  return packageOf(url) ?? (baton ? `baton:${baton.workspace}` : url || functionName);
}

function keyOf({ callFrame: { url, functionName, lineNumber } }) {
  if (by === "packages") return ownerOf(url, functionName);
  // Baton's modules by workspace (as code-owner.mjs tells them), packages from node_modules on.
  const baton = batonModuleOf(url);
  const where = baton ? `${baton.workspace}/${baton.module}` : url.replace(/.*node_modules\//, "");
  return where ? `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}` : functionName;
}

const totals = new Map();
let overall = 0;
profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index] ?? 0;
  const key = keyOf(nodes.get(id));
  totals.set(key, (totals.get(key) ?? 0) + micros);
  overall += micros;
});
console.log(`${(overall / 1000).toFixed(0)} ms profiled`);
for (const [key, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) {
  const ms = (micros / 1000).toFixed(0).padStart(7);
  const share = `${((100 * micros) / overall).toFixed(1)}%`.padStart(6);
  console.log(`${ms} ms ${share}  ${key}`);
}
