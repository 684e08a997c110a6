import type { Replier } from "../contracts/replier.js";

/**
 * Every method of the `Replier` contract, once. The type makes a method added to the contract a
 * compile error here until it is listed, so a wrapper built on `mapReplier` can never drop it.
 */
export const REPLIER_METHODS = {
  prepare: true,
  originLink: true,
  note: true,
  acknowledge: true,
  working: true,
  progress: true,
  endProgress: true,
  ask: true,
  result: true,
  failed: true,
  declined: true,
  offerMapping: true,
} as const satisfies Record<keyof Replier, true>;

export type ReplierMethod = keyof Replier;

/** One call of a replier method, as a wrapper sees it: its name, its arguments, and the call itself. */
export type ReplierCall = (
  method: ReplierMethod,
  args: readonly unknown[],
  call: () => Promise<unknown>,
) => Promise<unknown>;

/**
 * The replier with every method it has going through `around` (a step added to each call: a
 * metric, a budget priority). An optional method the replier lacks stays absent, since callers
 * check for it.
 *
 * @example
 * const timed = mapReplier(replier, async (method, _args, call) => { const t = Date.now(); try { return await call(); } finally { observe(method, Date.now() - t); } });
 */
export function mapReplier(replier: Replier, around: ReplierCall): Replier {
  const mapped: Partial<Record<ReplierMethod, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const method of Object.keys(REPLIER_METHODS) as ReplierMethod[]) {
    const own = replier[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!own) continue;
    mapped[method] = (...args) => around(method, args, () => own.apply(replier, args));
  }
  return mapped as Replier;
}
