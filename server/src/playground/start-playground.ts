import type { DemoRepository, HttpRoute, Logger, Platform, PlaygroundPane, SimulatedPane } from "@baton/core";
import type { Config } from "../config/load-config.js";
import { PLAYGROUND_DEMO_REPOSITORY } from "./codex/demo-repository.js";
import { type ScriptedCodex, startScriptedCodex, wantsScriptedCodex } from "./codex/start-scripted-codex.js";
import { createPlaygroundRoutes } from "./create-playground-routes.js";
import { createPlaygroundStream } from "./create-playground-stream.js";
import { decidePlayground } from "./decide-playground.js";
import { loadPlaygroundPanes } from "./playground-panes.js";
import { PLAYGROUND_BOOT_SCRIPT, PLAYGROUND_SCRIPT } from "./playground-script.js";
import { PLAYGROUND_STYLE } from "./playground-style.js";
import { renderPlaygroundPage } from "./render-playground-page.js";
import { playgroundCatalogPath } from "./sample-catalog-path.js";

export const PLAYGROUND_PATH = "/playground";

export interface Playground {
  /** The variables Baton starts with: the user's, plus the simulated bots' (in memory only). */
  env: Record<string, string | undefined>;
  /** The page, its files, the event stream and the actions, for the gateway. */
  routes: HttpRoute[];
  /** Once the gateway listens: where the panes deliver webhooks, and the line that prints the URL. */
  attach(options: { gatewayUrl: string; port: number }): void;
  /** Ends open pages' streams, so that the gateway can close without waiting for them. */
  endStreams(): void;
  /** Stops the fake platforms (after Baton, whose last replies still reach them). */
  close(): Promise<void>;
}

export interface StartPlaygroundOptions {
  config: Config;
  env: Record<string, string | undefined>;
  logger: Logger;
  /** The listed modules' panes by default. */
  panes?: readonly PlaygroundPane[];
}

/**
 * The playground of `baton start`: when no platform credentials are set (or BATON_PLAYGROUND=1),
 * starts a fake of each platform without credentials in this process, hands Baton generated
 * secrets for them, and serves a page where a person uses them (returns null when it is off).
 */
export async function startPlayground({
  config,
  env,
  logger,
  panes: given,
}: StartPlaygroundOptions): Promise<Playground | null> {
  const panes = given ?? (await loadPlaygroundPanes());
  const log = logger.child({ component: "server.playground" });
  const decision = decidePlayground(env, panes);
  if (decision.kind === "off") {
    if (decision.reason === "credentials_set")
      log.info("server.playground.off", {
        reason: decision.reason,
        live: decision.live,
        hint: "Set BATON_PLAYGROUND=1 to run the playground next to your live platforms.",
      });
    return null;
  }
  const stream = createPlaygroundStream();
  const simulated = new Map<Platform, SimulatedPane>();
  const paneEvent = (pane: PlaygroundPane) => ({
    platform: pane.platform,
    title: pane.title,
    mode: simulated.has(pane.platform) ? ("simulated" as const) : ("live" as const),
    state: simulated.get(pane.platform)?.state() ?? null,
  });
  // BATON_BACKEND=codex with no model server: the real codex backend against a scripted model,
  // on a demo repository that a simulated pane hosts.
  const hosted = decision.simulated.some((pane) => pane.hostsRepositories);
  const demo = wantsScriptedCodex(env) && hosted ? PLAYGROUND_DEMO_REPOSITORY : undefined;
  const scripted = await startFakes(decision.simulated, simulated, {
    logger,
    changed: (pane) => stream.send({ kind: "pane", pane: paneEvent(pane) }),
    ...(demo ? { demo } : {}),
  });
  const closeFakes = () =>
    Promise.all([...[...simulated.values()].map((pane) => pane.close()), scripted?.close()]);
  const catalog = playgroundCatalogPath(config.BATON_CONFIG);
  if (scripted) log.info("server.playground.scripted_model", { repo: demo?.repo, backend: "codex" });
  else if (catalog.sample) log.info("server.playground.sample_catalog", { file: catalog.path });
  let gatewayUrl: string | null = null;
  const page = renderPlaygroundPage({
    panes: panes.map(paneEvent),
    ...(scripted ? { notice: scripted.notice } : {}),
  });

  const routes = createPlaygroundRoutes({
    page: () => page,
    script: [PLAYGROUND_SCRIPT, ...panes.map((pane) => pane.script), PLAYGROUND_BOOT_SCRIPT].join("\n"),
    style: [PLAYGROUND_STYLE, ...panes.map((pane) => pane.style)].join("\n"),
    snapshot: () => ({ kind: "panes", panes: panes.map(paneEvent) }),
    openStream: stream.open,
    async act(platform, input) {
      const pane = simulated.get(platform as Platform);
      if (!pane) return { kind: "refused", status: 404, reason: "no_simulated_pane" };
      if (!gatewayUrl) return { kind: "refused", status: 503, reason: "not_ready" };
      return pane.act(input, gatewayUrl);
    },
    public: env.BATON_PLAYGROUND_PUBLIC === "1",
    logger,
  });

  const generated = Object.assign({}, ...[...simulated.values()].map((pane) => pane.env));
  return {
    env: { ...env, ...generated, BATON_CONFIG: catalog.path, ...scripted?.env },
    routes,
    attach(options) {
      gatewayUrl = options.gatewayUrl;
      log.info("server.playground.ready", {
        url: `http://localhost:${options.port}${PLAYGROUND_PATH}`,
        simulated: [...simulated.keys()],
        live: decision.live,
      });
    },
    endStreams: stream.close,
    async close() {
      stream.close();
      await closeFakes();
    },
  };
}

/**
 * Starts the fake platform of each simulated pane into `simulated`, then the scripted model when
 * a demo repository is asked for; when one fails, closes those already started.
 */
async function startFakes(
  panes: readonly PlaygroundPane[],
  simulated: Map<Platform, SimulatedPane>,
  { logger, changed, demo }: { logger: Logger; changed(pane: PlaygroundPane): void; demo?: DemoRepository },
): Promise<ScriptedCodex | undefined> {
  try {
    for (const pane of panes) {
      simulated.set(
        pane.platform,
        await pane.simulate({ logger, changed: () => changed(pane), ...(demo ? { demo } : {}) }),
      );
    }
    return demo ? await startScriptedCodex({ demo, panes }) : undefined;
  } catch (error) {
    await Promise.all([...simulated.values()].map((pane) => pane.close()));
    throw error;
  }
}
