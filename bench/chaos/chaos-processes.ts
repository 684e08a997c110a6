import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** How long a Baton process may take to come up on a loaded machine (from the sources, through tsx). */
const START_TIMEOUT_MS = 180_000;

/** How to run `baton`: the built CLI, or the sources through tsx (the test suite needs no build). */
export type BatonCommand = "dist" | "source";

export function batonArgv(command: BatonCommand): string[] {
  return command === "dist"
    ? [process.execPath, "server/dist/cli.js"]
    : [process.execPath, "--conditions=@baton/source", "--import", "tsx", "server/src/cli.ts"];
}

export interface BatonProcess {
  readonly child: ChildProcess;
  readonly mode: "gateway" | "worker";
  /** Resolves once the process logged that it started. */
  readonly ready: Promise<void>;
  /** Whether `ready` has resolved: it runs turns. */
  isReady(): boolean;
  readonly exited: Promise<void>;
  /** The tail of what it wrote, for a report when something goes wrong. */
  output(): string;
}

/** `baton gateway` or `baton worker` as an OS process of its own, logging JSON lines. */
export function spawnBaton(
  command: BatonCommand,
  mode: "gateway" | "worker",
  env: Record<string, string>,
): BatonProcess {
  const [node, ...args] = batonArgv(command);
  const child = spawn(node as string, [...args, mode], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env, LOG_FORMAT: "json" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`baton ${mode} did not start in time:\n${tail}`)),
      START_TIMEOUT_MS,
    );
    const look = () => {
      if (tail.includes("server.started")) {
        clearTimeout(timer);
        child.stdout?.off("data", look);
        resolve();
      }
    };
    child.stdout?.on("data", look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`baton ${mode} exited before it started:\n${tail}`));
    });
  });
  let started = false;
  ready.then(
    () => {
      started = true;
    },
    () => {},
  );
  return { child, mode, ready, isReady: () => started, exited, output: () => tail };
}

export async function stopBaton(baton: BatonProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (baton.child.exitCode === null && baton.child.signalCode === null) baton.child.kill(signal);
  await baton.exited;
}
