import type { Logger, Platform } from "@baton/core";
import type { DemoRepository } from "./codex/demo-repository.js";

/** A pane's state as the page draws it; each pane's script knows its own shape. */
export type PaneState = Record<string, unknown>;

/** What a person's action in a pane came to: done, or refused with a reason the page shows. */
export type PaneActionResult = { kind: "done" } | { kind: "refused"; status: number; reason: string };

export interface PaneContext {
  logger: Logger;
  /** Called whenever the pane's state changes (the fake platform recorded a call, a person acted). */
  changed(): void;
  /** Set when a coding agent runs against the scripted model: the repository it works on (GitHub hosts it). */
  demo?: DemoRepository;
}

/** One platform, simulated: a fake platform server in this process and the secrets Baton uses with it. */
export interface SimulatedPane {
  /** The bot module's variables, pointing at the fake (kept in memory; never written anywhere). */
  env: Record<string, string>;
  /** Sends what the person did as the platform would: a signed webhook to the gateway at `gatewayUrl`. */
  act(input: unknown, gatewayUrl: string): Promise<PaneActionResult>;
  state(): PaneState;
  close(): Promise<void>;
}

/**
 * One platform of the playground, as the playground lists it (one line in `playground-panes.ts`).
 * `script` registers the pane's renderer in the page (`window.batonPlayground.panes[platform]`).
 */
export interface PlaygroundPane {
  platform: Platform;
  title: string;
  /** Any of these set means the platform is live: its real bot runs and the pane only says so. */
  credentials: readonly string[];
  /** The pane's page script (a classic script, served as a file). */
  script: string;
  /** The pane's styles. */
  style: string;
  simulate(context: PaneContext): Promise<SimulatedPane>;
}
