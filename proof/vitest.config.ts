import { defineConfig } from 'vitest/config';

// The process-level proofs (security suites 3, 5, 9 and 10, and the bench's short soak): real
// server processes from server/dist on loopback, so `npm run build` first. Not part of the root
// run: `npm run test:proof` runs them one file at a time, `npm test` in two lanes side by side
// (PROOF_LANES in scripts/test-all.mjs).
export default defineConfig({
  test: {
    name: 'proof',
    root: import.meta.dirname,
    environment: 'node',
    include: ['*.test.ts'],
    testTimeout: 20 * 60_000,
    hookTimeout: 5 * 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
