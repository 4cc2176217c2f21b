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
    // Runs after the contract and web projects (a different worker count needs its own group).
    sequence: { groupOrder: 1 },
  },
});
