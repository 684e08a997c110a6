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
