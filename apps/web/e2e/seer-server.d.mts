// Types of seer-server.mjs (plain JS so bench/web.mjs can use it without a compiler).
export declare const REPO_ROOT: string;
export declare const WEB_DIR: string;
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
export declare function chromiumMissingReason(): string | null;
export declare function buildWeb(options?: { quiet?: boolean }): void;
export declare function ensureWebBuilt(): boolean;
export declare function freePort(): Promise<number>;

export interface SeerServer {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

export declare function startSeerServer(options?: {
  port?: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<SeerServer>;
