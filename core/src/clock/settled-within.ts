/**
 * Waits for `work`, at most `ms`: true once it has settled, false when the time ran out first
 * (`work` goes on; a rejection of it is thrown here). For shutdowns that give what runs a grace.
 */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
