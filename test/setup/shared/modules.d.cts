export declare const GLOBAL: string;
export declare const NAMES: readonly string[];
export declare function sharedModules(): Record<string, unknown>;
