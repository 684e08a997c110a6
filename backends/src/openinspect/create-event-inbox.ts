/** An async queue: a producer pushes, one consumer pulls, and `end` finishes the iteration. */
export function createEventInbox<T>() {
  const queued: T[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  return {
    push(item: T | undefined) {
      if (item === undefined || ended) return;
      queued.push(item);
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
    async *[Symbol.asyncIterator](): AsyncIterator<T> {
      for (;;) {
        const next = queued.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    },
  };
}
