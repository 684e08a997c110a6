// on-exit-leak-free ships no types; pino uses it to flush its streams at exit.
declare module "on-exit-leak-free" {
  /** Calls `onExit(object)` when the process exits, unless `object` was collected first. */
  export function register<T extends object>(object: T, onExit: (object: T, event: "exit") => void): void;
}
