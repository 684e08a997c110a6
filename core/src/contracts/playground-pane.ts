import type { Platform } from "../schemas/conversation-ref.js";
import type { Logger } from "./logger.js";

/** A pane's state as the page draws it; each pane's script knows its own shape. */
export type PaneState = Record<string, unknown>;

/** What a person's action in a pane came to: done, or refused with a reason the page shows. */
export type PaneActionResult = { kind: "done" } | { kind: "refused"; status: number; reason: string };

/** The repository the playground's scripted coding agent works on, hosted by a pane that can. */
export interface DemoRepository {
  repo: string;
  description: string;
  /** Path → content of its one commit on `main`. */
  files: Record<string, string>;
}

export interface PaneContext {
  logger: Logger;
  /** Called whenever the pane's state changes (the fake platform recorded a call, a person acted). */
  changed(): void;
  /**
   * Set when a coding agent runs against the scripted model: the repository it works on, for the
   * pane that `hostsRepositories` to serve over its fake's git.
   */
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
 * One platform of the playground (`baton start` without credentials), offered by its module's
 * `playground()`. `script` registers the pane's renderer in the page
 * (`window.batonPlayground.panes[platform]`).
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
  /** Whether its fake serves git repositories, so that the scripted coding agent can push to one. */
  hostsRepositories?: boolean;
  /**
   * For the scripted coding agent's demo: the catalog lines that send this pane's conversations
   * to `repo` (a channel mapped to it), and how the page invites a person to start there.
   */
  demo?: { catalogYaml(repo: string): string; invitation: string };
  simulate(context: PaneContext): Promise<SimulatedPane>;
}

/** What the gateway's answer to a pane's webhook means for the page: accepted, or refused with its status. */
export function deliveryResult(status: number): PaneActionResult {
  return status < 300
    ? { kind: "done" }
    : { kind: "refused", status: 502, reason: `gateway_answered_${status}` };
}
