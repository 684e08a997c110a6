/** What a pool sends a thread: one job. */
export interface WorkerJobMessage<I> {
  jobId: number;
  input: I;
}

/** What a thread answers, once per job. */
export type WorkerJobAnswer<O> =
  | { jobId: number; ok: true; value: O }
  | { jobId: number; ok: false; message: string };

/** What a thread sends once, when its module has loaded and it takes jobs. */
export interface WorkerReady {
  ready: true;
}
