import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each test file opens its own database (about 300 MB for PGlite): two at a time on 2 cores.
    maxWorkers: 2,
    // Runs after the contract and web projects (a different worker count needs its own group).
    sequence: { groupOrder: 1 },
  },
});
