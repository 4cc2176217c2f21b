// The bench's Lighthouse runs, in a process of their own that bench/run.mjs starts on every core,
// as `npm run bench:lighthouse` runs: the bench's own process is pinned to the load core and has
// a big heap by then. Reads the options as JSON from argv[2], writes the result as JSON to
// argv[3].
import fs from 'node:fs';
import { lighthousePages } from './lighthouse.mjs';

const [optionsJson, outFile] = process.argv.slice(2);
if (!optionsJson || !outFile) throw new Error('usage: lighthouse-child.mjs <options JSON> <out>');
const options = JSON.parse(optionsJson);
const result = await lighthousePages({
  ...options,
  log: (line) => process.stdout.write(`${line}\n`),
});
fs.writeFileSync(outFile, JSON.stringify(result));
