import { type CliIo, createLearnedRoutingStore, createRedisKeys, exportLearnedMappings } from "@baton/core";
import { loadConfig } from "../config/load-config.js";
import { learnedRoutingLines } from "./learned-routing-section.js";
import { openCliRedis } from "./open-cli-redis.js";

/** The `baton catalog` commands about what routing learned. */
export const LEARNED_ROUTING_COMMANDS = ["learned", "export-learned", "forget"] as const;
type LearnedRoutingCommand = (typeof LEARNED_ROUTING_COMMANDS)[number];

export const LEARNED_ROUTING_USAGE = [
  "  learned              what routing learned of each place (from people's picker answers and changes of target)",
  "  export-learned       what routes, as baton.config.yaml mappings, to paste into the catalog",
  "  forget <place>       forgets what was learned of one place (its key, as `learned` prints it)",
].join("\n");

export function isLearnedRoutingCommand(command: string | undefined): command is LearnedRoutingCommand {
  return LEARNED_ROUTING_COMMANDS.includes(command as LearnedRoutingCommand);
}

/**
 * `baton catalog learned|export-learned|forget <place>`, against the running Baton's Redis
 * (REDIS_URL, BATON_REDIS_PREFIX). Exit codes: 0 done, 1 Redis unreachable or nothing learned of
 * that place, 2 bad usage.
 */
export async function runLearnedRoutingCommand(
  [command, ...rest]: [LearnedRoutingCommand, ...string[]],
  io: CliIo,
): Promise<number> {
  const expected = command === "forget" ? 1 : 0;
  if (rest.length !== expected) {
    io.stderr(
      `baton catalog ${command}: ${expected === 1 ? "name one place (its key, as `baton catalog learned` prints it)" : "takes no arguments"}.\n\n${LEARNED_ROUTING_USAGE}`,
    );
    return 2;
  }
  const config = loadConfig(io.env);
  const connection = await openCliRedis(config, `baton catalog ${command}`, io);
  if (!connection) return 1;
  try {
    const store = createLearnedRoutingStore({
      redis: connection.redis,
      keys: createRedisKeys(config.BATON_REDIS_PREFIX),
    });
    switch (command) {
      case "learned":
        for (const line of learnedRoutingLines(await store.list())) io.stdout(line);
        return 0;
      case "export-learned": {
        const yaml = exportLearnedMappings(await store.list());
        if (yaml) io.stdout(yaml.trimEnd());
        else io.stderr("baton catalog export-learned: nothing learned routes yet.");
        return 0;
      }
      case "forget": {
        const place = rest[0] as string;
        if (await store.forget(place)) {
          io.stdout(`Forgot what routing learned of ${place}.`);
          return 0;
        }
        io.stderr(`baton catalog forget: nothing is learned of "${place}" (see baton catalog learned).`);
        return 1;
      }
    }
  } finally {
    await connection.close();
  }
}
