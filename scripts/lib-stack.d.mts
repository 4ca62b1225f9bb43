import type { ChildProcess } from 'node:child_process';

export declare const REPO_ROOT: string;
export declare function freePort(): Promise<number>;

export interface StackServices {
  databaseUrl: string;
  redisUrl: string;
  s3Endpoint: string;
  bucket: string;
}
export declare function startServices(opts?: { bucket?: string }): Promise<StackServices & { stop(): Promise<void> }>;
export declare function stackEnv(services: StackServices & { s3Prefix?: string; queueName?: string }): Record<string, string>;

export interface StackProcess {
  child: ChildProcess;
  /** Its latest output lines (stdout and stderr). */
  lines: string[];
}
export interface RunningStack {
  url: string;
  api: StackProcess;
  workers: StackProcess[];
  stop(): Promise<void>;
}
export declare function startStack(opts: {
  env: Record<string, string>;
  workers?: number;
  port?: number;
  host?: string;
  logTo?: (role: 'api' | 'worker', chunk: Buffer) => void;
  /** Also wait until every worker has loaded its face and content models. */
  loaded?: boolean;
  startTimeoutMs?: number;
}): Promise<RunningStack>;

export declare function signIn(url: string, email: string, password: string): Promise<string>;
export declare function bulkUpload(url: string, cookie: string, targets: Buffer[], face: Buffer): Promise<Array<{ id: string; jobId: string; status: string }>>;
export declare function distinctTargets(count: number, opts?: { longSide?: number; step?: number; first?: number }): Promise<Buffer[]>;
