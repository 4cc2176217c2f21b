/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { artwork } from './scripts/artwork.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), artwork()],
  build: {
    // The manifest lets the page-weight budget check measure what the home page loads.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // Typing into forms with user-event is slow in jsdom on a busy 2-core machine: a test that
    // takes 5 s there is slow, not wrong (the default 5 s limit made CI runs flaky).
    testTimeout: 20_000,
  },
});
