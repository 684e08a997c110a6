// Types of what the TypeScript benchmarks take from bench-support.mjs.

export declare const MISSED_TARGET_EXIT_CODE: number;
export declare const TARGET_LINE_PREFIX: string;

export interface TargetReport {
  name: string;
  value: unknown;
  target: string;
  met: boolean;
}

export declare function reportTarget(report: TargetReport): boolean;

export declare const BENCH_REDIS_URL: string;
export declare function flushPrefix(
  redis: {
    scan(...args: unknown[]): Promise<[string, string[]]>;
    unlink(...keys: string[]): Promise<unknown>;
  },
  prefix: string,
): Promise<void>;
