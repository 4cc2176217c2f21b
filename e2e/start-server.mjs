// Starts the built shop for the end-to-end run on a fresh data folder.
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../server/dist/main.js');
