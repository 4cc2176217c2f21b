import { defineConfig } from 'vitest/config';

// One Vitest run, four projects: the contract, the web app (jsdom), the server (real database)
// and the bench's own logic.
export default defineConfig({
  test: {
    projects: [
      './contract/vitest.config.ts',
      './web/vite.config.ts',
      './server/vitest.config.ts',
      './bench/vitest.config.ts',
    ],
  },
});
