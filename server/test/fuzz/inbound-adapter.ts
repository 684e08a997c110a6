/**
 * One inbound webhook adapter as the fuzz tests see it: where it listens, how its platform signs a
 * body, and a delivery it would accept. each platform's fuzz test defines its own.
 */
export interface FuzzInboundAdapter {
  platform: string;
  path: string;
  /** The headers the platform sends with `body`, signed with the right secret at `timestampS`. */
  sign(body: string, timestampS: number): Record<string, string>;
  /** A delivery the adapter accepts and queues when signed right and on time. */
  validBody(seed: number, timestampS: number): string;
  /** The header names that carry the signature (and timestamp), so that the fuzzer can garble them. */
  signatureHeaders: readonly string[];
  /** How far off the clock a signature may be before it is stale; null when the platform signs no time. */
  toleranceS: number | null;
  /** Answers that mean "ignored" for a signed body the adapter does not act on. */
  ignoredStatuses: readonly number[];
}
