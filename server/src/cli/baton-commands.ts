import type { CliCommand } from "@baton/core";
import { BOT_MODULES } from "../bots/bot-modules.js";
import { CATALOG_USAGE, runCatalogCommand } from "./catalog-command.js";
import { CLASSIFY_USAGE, runClassifyCommand } from "./classify-command.js";
import { DOCTOR_USAGE, runDoctorCommand } from "./doctor-command.js";
import { runServeCommand, serveUsage } from "./serve-command.js";
import { runShareCommand, SHARE_USAGE } from "./share-command.js";

/** Every `baton` command, in the order `baton --help` lists them. */
export const BATON_COMMANDS: readonly CliCommand[] = [
  {
    name: "start",
    summary: "gateway and worker in one process (the default command)",
    usage: serveUsage("all"),
    run: (args, io) => runServeCommand("all", args, io),
  },
  {
    name: "gateway",
    summary: "only the HTTP gateway (webhooks in, share pages)",
    usage: serveUsage("gateway"),
    run: (args, io) => runServeCommand("gateway", args, io),
  },
  {
    name: "worker",
    summary: "only the worker (runs turns, posts replies)",
    usage: serveUsage("worker"),
    run: (args, io) => runServeCommand("worker", args, io),
  },
  {
    name: "doctor",
    summary: "check Redis, the platforms, the public URL, the backend and the catalog",
    usage: DOCTOR_USAGE,
    run: (args, io) => runDoctorCommand(args, io),
  },
  {
    name: "classify",
    summary: "print the classifier's decision for a message",
    usage: CLASSIFY_USAGE,
    run: runClassifyCommand,
  },
  {
    name: "share",
    summary: "share links: list, create <sessionId>, revoke <shareId|sessionId>",
    usage: SHARE_USAGE,
    run: runShareCommand,
  },
  {
    name: "catalog",
    summary:
      "show what Baton knows of each target and where from; import Open-Inspect's repositories; see, export or forget what routing learned",
    usage: CATALOG_USAGE,
    run: runCatalogCommand,
  },
  // Each platform's own command (`baton <platform> …`), from its module, in the modules' order.
  ...BOT_MODULES.flatMap((module) => (module.command ? [module.command] : [])),
];
