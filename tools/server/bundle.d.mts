// Types of tools/server/bundle.mjs for the server's TypeScript tests.
export declare const NATIVE: string[];
export declare function bundleServer(entry: string, outfile: string): void;
