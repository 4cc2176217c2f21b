#!/usr/bin/env node
/**
 * One server process on one port, which can be started, stopped (SIGTERM), killed (SIGKILL) and
 * started again with the same settings. `output()` is the tail of what it printed.
 * @param {{ port: number, host?: string, env?: Record<string, string | undefined>, echo?: boolean, name?: string }} options
 */
export function createInstance(options: {
    port: number;
    host?: string;
    env?: Record<string, string | undefined>;
    echo?: boolean;
    name?: string;
}): {
    name: string;
    url: string;
    port: number;
    readonly pid: any;
    readonly running: boolean;
    output: () => string;
    /** Starts the process and resolves once GET /api/readyz answers 200. */
    start(): Promise</*elided*/ any>;
    /** Sends a signal and waits for the process to end. */
    signal(sig: any): Promise<any>;
    /** A graceful stop (SIGTERM): open requests finish, the database closes. */
    stop: () => Promise<any>;
    /** `kill -9`: the process ends at once, mid-request. */
    kill: () => Promise<any>;
    restart(): Promise</*elided*/ any>;
};
/**
 * Starts `instances` servers on consecutive ports from `port`, all together, and waits until each
 * is ready. Refuses more than one without DATABASE_URL (PGlite is one process per data folder).
 * @param {{ instances: number, port: number, host?: string, env?: Record<string, string | undefined>, echo?: boolean }} options
 */
export function startCluster(options: {
    instances: number;
    port: number;
    host?: string;
    env?: Record<string, string | undefined>;
    echo?: boolean;
}): Promise<{
    instances: {
        name: string;
        url: string;
        port: number;
        readonly pid: any;
        readonly running: boolean;
        output: () => string;
        /** Starts the process and resolves once GET /api/readyz answers 200. */
        start(): Promise</*elided*/ any>;
        /** Sends a signal and waits for the process to end. */
        signal(sig: any): Promise<any>;
        /** A graceful stop (SIGTERM): open requests finish, the database closes. */
        stop: () => Promise<any>;
        /** `kill -9`: the process ends at once, mid-request. */
        kill: () => Promise<any>;
        restart(): Promise</*elided*/ any>;
    }[];
    urls: string[];
    stop: () => Promise<any[]>;
}>;
/**
 * A small round-robin HTTP balancer (for trying the cluster in a browser): each request goes to
 * the next instance; X-Forwarded-For carries the client's address, so run the instances with
 * TRUST_PROXY=127.0.0.1 behind it.
 */
export function startBalancer({ port, host, targets }: {
    port: any;
    host?: string | undefined;
    targets: any;
}): Promise<any>;
export const SERVER_ENTRY: string;
