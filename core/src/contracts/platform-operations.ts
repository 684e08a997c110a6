import type { Catalog } from "../config/catalog.js";
import type { ConversationRef } from "../schemas/conversation-ref.js";
import type { PlaygroundPane } from "./playground-pane.js";
import type { PullRequestHost } from "./pull-request-host.js";

/**
 * What a CLI command may touch: the environment and two output streams (tests capture them).
 * The server hands the same `io` to its own commands and to a platform module's.
 */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout(line: string): void;
  stderr(line: string): void;
}

/** One `baton <name>` command: what `baton --help` lists, its own usage, and how it runs. */
export interface CliCommand {
  name: string;
  /** One line for `baton --help`. */
  summary: string;
  /** What `baton <name> --help` prints (and a usage error prints after its one-line problem). */
  usage: string;
  /** Resolves with the exit code: 0 done, 1 something to fix, 2 bad usage. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** One line of `baton doctor`'s report. `fix` says what to do, in words a user can act on. */
export type DoctorFinding =
  | { kind: "ok"; text: string }
  | { kind: "off"; text: string }
  | { kind: "warning"; text: string; fix: string }
  | { kind: "problem"; text: string; fix: string };

/** What one check found: a titled group of findings, or nothing to say for this configuration. */
export type DoctorCheckResult =
  | { kind: "checked"; title: string; findings: DoctorFinding[] }
  | { kind: "not_applicable" };

/** What a doctor check is given: the configuration `baton start` would use, parsed. */
export interface DoctorContext<TConfig> {
  config: TConfig;
  /** NODE_ENV=production: what is only a warning on a laptop is a problem there. */
  production: boolean;
  /** Whether a variable was set, as opposed to left at its default. */
  isSet(name: keyof TConfig & string): boolean;
  /** Every network call of a check gives up after this long. */
  timeoutMs: number;
}

/**
 * One thing `baton doctor` checks. A check never throws for what it finds (a refused token is a
 * `problem` finding); a throw is reported as a failure of the check itself.
 *
 * @example
 * export const redisDoctorCheck: DoctorCheck<Config> = { name: "redis", run: async ({ config }) => ({ ... }) };
 */
export interface DoctorCheck<TConfig> {
  name: string;
  /** What it asks, for `baton doctor --help` ("Chat: who the bot is, with CHAT_BOT_TOKEN, …"); optional. */
  about?: string;
  run(context: DoctorContext<TConfig>): Promise<DoctorCheckResult>;
}

/** One count of `PlatformOperations.catalogCounts`: `{ count: 2, one: "channel", many: "channels" }`. */
export interface CatalogCount {
  count: number;
  one: string;
  many: string;
}

/** Where `baton classify` was told a message was written, as the operator typed it. */
export interface ClassifyWhere {
  channel?: string;
  repo?: string;
}

/** The conversation and context a platform's inbound adapter would build for a message written there. */
export interface SampleConversation {
  kind: "sample";
  conversation: ConversationRef;
  context: Record<string, string>;
}

/**
 * A platform's part of `baton classify`: the help lines of the flags it reads, and the
 * conversation and context its inbound adapter would build for a message written there (or the
 * usage problem when the flags do not say enough, e.g. a repository-less pull request).
 */
export interface ClassifySample {
  /** `baton classify --help`'s lines for the flags it reads: `"  --repo       the repository …"`. */
  flags: readonly string[];
  conversation(where: ClassifyWhere): SampleConversation | { kind: "usage"; problem: string };
}

/** Where a platform's repositories are served (see `PlatformOperations.repositoryHost`). */
export interface RepositoryHost {
  gitHost: string;
  /** The address Baton's commits are by when BATON_GIT_AUTHOR_EMAIL is unset (the host's no-reply). */
  authorEmail?: string;
  /** Where pull requests of pushed branches are opened; without it, a branch is pushed only. */
  pullRequests?: PullRequestHost;
}

/**
 * What a platform module offers the host's tools besides the running bot: `baton doctor`'s check,
 * its `baton <platform>` command, the playground's pane, and the names people read. The server
 * lists each from `BOT_MODULES`, in the modules' order, so that a platform needs no line of its
 * own in the doctor's, the CLI's or the playground's lists.
 */
export interface PlatformOperations<TConfig> {
  /** The platform's name as people read it ("Chat"): share pages, the front page, doctor titles. */
  title?: string;
  /**
   * Where its setup guide is, relative to the repository (`docs/<platform>.md`), and what it is
   * about, for the front page's list of guides; optional.
   */
  guide?: { path: string; about: string };
  /**
   * `baton doctor`'s check of the platform, run after Redis's, with the server's configuration
   * (which carries the module's variables, parsed). When nothing of the platform is set, it
   * answers one `off` finding that names what turns it on. Load large SDKs inside `run`, so that
   * every other command stays fast.
   */
  doctor?: DoctorCheck<TConfig>;
  /**
   * Where the platform hosts the repositories agent backends clone, push to and open pull
   * requests on, read from its variables (an enterprise host): `gitHost` is the git remote's
   * base, `pullRequests` where the pushed branches' pull requests are opened. The first listed
   * module that answers is used; without one, the backends' public default, and pushed branches
   * get no pull request.
   */
  repositoryHost?(config: TConfig): RepositoryHost;
  /**
   * What the catalog holds for this platform, for `baton doctor`'s one line about the catalog
   * ("2 channels"): each a count and its noun, singular and plural.
   */
  catalogCounts?(catalog: Catalog): CatalogCount[];
  /** How `baton classify --platform <name>` builds a request as if written there; without it, the platform is not offered. */
  classifySample?: ClassifySample;
  /** The platform's own command (`baton <name> …`: an app manifest, install links); optional. */
  command?: CliCommand;
  /**
   * The playground's simulation of the platform, loaded only when the playground runs (it
   * brings a fake platform server); a module without one has no pane.
   */
  playground?(): Promise<PlaygroundPane>;
}
