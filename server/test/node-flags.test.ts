import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../node-flags.mjs';

// npm runs the root `serve` script with a plain command line, which cannot import the flags'
// list: this is where the two are held to the same flags.
describe('the server\u2019s Node flags', () => {
  it('are the ones `npm run serve` starts the server with, in its environment', () => {
    const pkg = JSON.parse(
      fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };
    const words = pkg.scripts.serve?.split(/\s+/) ?? [];
    const node = words.indexOf('node');
    // The environment first (`NAME=value node ...`), then node, its flags and the entry.
    expect(Object.fromEntries(words.slice(0, node).map((word) => word.split('=')))).toEqual(
      SERVER_ENV,
    );
    const serve = words.slice(node);
    expect(serve[0]).toBe('node');
    expect(serve.filter((word) => word.startsWith('--'))).toEqual(SERVER_NODE_FLAGS);
    expect(serve.at(-1)).toBe('server/dist/main.js');
  });
});
