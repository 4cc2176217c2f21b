import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads, not processes: the server's files took 330 s instead of about 370 s here,
    // with a seventh less CPU, and nothing here needs a process of its own.
    pool: 'threads',
    // Each test file opens its own database (about 300 MB for PGlite): two at a time on 2 cores.
    maxWorkers: 2,
    // One module graph per worker, not one per file: the server's files import the whole app,
    // which took a fifth of their time (14 files: import 29.8 s of 87 s isolated, 7.4 s of 71 s
    // not; docs/testing.md). Each file still builds its own app on its own database, and a file
    // that changes a global (timers, fetch, spies) puts it back in its own hooks.
    isolate: false,
    // Runs after the contract and web projects (a different worker count needs its own group).
    sequence: { groupOrder: 1 },
  },
});
