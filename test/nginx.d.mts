// Types of test/nginx.mjs for the server's TypeScript tests.
export declare const SITE_TEMPLATE: string;
export declare function ensureNginx(): string;
export declare function freePort(host?: string): Promise<number>;
export declare function siteConfig(options: { listen: string; upstreams: string[]; cache: string }): string;
export interface RunningNginx {
  url: string;
  host: string;
  port: number;
  pid: number | undefined;
  log: () => string;
  stop: () => Promise<void>;
}
export declare function startNginx(options: {
  upstreams: string[];
  host?: string;
  workers?: number;
  workerConnections?: number;
  openFiles?: number;
}): Promise<RunningNginx>;
