// Types of platform.cjs: Node's own modules and globals, re-exported as they are.
export * as childProcess from 'node:child_process';
export * as fs from 'node:fs';
export * as http from 'node:http';
export * as inspector from 'node:inspector';
export * as net from 'node:net';
export * as os from 'node:os';
export * as path from 'node:path';
export * as vm from 'node:vm';
export declare const process: NodeJS.Process;
export declare const setTimeout: typeof globalThis.setTimeout;
export declare const clearTimeout: typeof globalThis.clearTimeout;
export declare const repoRoot: string;
export declare function print(...args: unknown[]): void;
export declare function printError(...args: unknown[]): void;
export declare const globals: Record<string, unknown>;
