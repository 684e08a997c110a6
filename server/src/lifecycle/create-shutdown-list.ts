/**
 * The order Baton closes in: first what lets requests in (Socket Mode, the gateway's listener is
 * in `serving`), then what serves and runs them, then the queue, then the connections under all.
 */
export type ShutdownStage = "intake" | "serving" | "queue" | "connections";

const STAGES: readonly ShutdownStage[] = ["intake", "serving", "queue", "connections"];

export interface ShutdownList {
  /** Adds something to close; everything of one stage closes at once, the stages in order. */
  add(stage: ShutdownStage, close: () => Promise<unknown>): void;
  /** Closes everything added, stage by stage; the first error is thrown once all have closed. */
  close(): Promise<void>;
  /** As `close`, ignoring errors: after a start that failed half way. */
  closeQuietly(): Promise<void>;
}

/** The one list of what a running Baton must close, filled in as each part starts. */
export function createShutdownList(): ShutdownList {
  const closers = new Map<ShutdownStage, Array<() => Promise<unknown>>>(STAGES.map((stage) => [stage, []]));

  async function closeAll(quietly: boolean): Promise<void> {
    let first: unknown;
    for (const stage of STAGES) {
      const closing = closers.get(stage)?.splice(0) ?? [];
      const results = await Promise.allSettled(closing.map((close) => close()));
      for (const result of results) if (result.status === "rejected") first ??= result.reason;
    }
    if (first !== undefined && !quietly) throw first;
  }

  return {
    add(stage, close) {
      closers.get(stage)?.push(close);
    },
    close: () => closeAll(false),
    closeQuietly: () => closeAll(true),
  };
}
