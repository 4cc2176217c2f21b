import { defineConfig } from 'vitest/config';

// The bench's own logic (verdicts, the calibration table, the waiver), not its measurements.
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['lib/**/*.test.mjs'],
    maxWorkers: 2,
    pool: 'threads',
  },
});
