export declare const GLOBAL: string;
export declare function setProcessTimeZone(timeZone: string | undefined): void;
