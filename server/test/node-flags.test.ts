import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../node-flags.mjs';

// npm runs the root `serve` script with a plain command line, which cannot import the flags'
// list: this is where the two are held to the same flags.
describe('the server\u2019s Node flags', () => {
  it('are the ones `npm run serve` starts the server with', () => {
    const pkg = JSON.parse(
      fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };
    const serve = pkg.scripts.serve?.split(/\s+/) ?? [];
    expect(serve[0]).toBe('node');
    expect(serve.filter((word) => word.startsWith('--'))).toEqual(SERVER_NODE_FLAGS);
    expect(serve.at(-1)).toBe('server/dist/main.js');
  });
});
