export declare const root: string;
export declare const paths: { dist: string; bundle: string; server: string; pdf: string };
export declare function ensureBuilt(options?: { log?: (message: string) => void; force?: boolean }): Promise<string[]>;
