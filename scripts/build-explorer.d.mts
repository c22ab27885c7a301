// Types of build-explorer.mjs for the TypeScript that imports it (test/browser/explorer.test.ts).
export declare const EXPLORER_OUT: string;
export declare function explorerIsStale(): boolean;
export declare function buildExplorer(): Promise<void>;
