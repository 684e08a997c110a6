import type { BotModule } from "@baton/core";

/** Each platform's name as people read it, by platform id (`{ <platform>: <title> }`). */
export type PlatformTitles = Readonly<Record<string, string>>;

/** The names of `modules`' platforms: each module's `title`, or its platform id when it has none. */
export function platformTitlesOf(
  modules: readonly Pick<BotModule<unknown>, "platform" | "title">[],
): PlatformTitles {
  return Object.fromEntries(modules.map((module) => [module.platform, module.title ?? module.platform]));
}

/** The listed platforms' names as a sentence lists them: "A, B and C". */
export function listPlatformTitles(
  modules: readonly Pick<BotModule<unknown>, "platform" | "title">[],
): string {
  const titles = [...new Set(Object.values(platformTitlesOf(modules)))];
  return titles.length > 1 ? `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}` : (titles[0] ?? "");
}
