import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: the contract, the web app (jsdom) and the server (real database).
export default defineConfig({
  test: {
    projects: ['./contract/vitest.config.ts', './web/vite.config.ts', './server/vitest.config.ts'],
  },
});
