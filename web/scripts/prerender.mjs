// After `vite build` and the server build of src/prerender/prerender.tsx (into dist/.prerender):
// puts the prerendered first screens into the app's HTML (docs/decisions/015).
// dist/index.html gets the generic shell (every page but the home page, and the 404 page);
// dist/prerendered/home.html the home page. The server build is removed afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(process.argv[2] ?? 'dist');
const serverBuild = path.join(dist, '.prerender');
const ROOT = '<div id="root"></div>';

const { prerenderPages } = await import(pathToFileURL(path.join(serverBuild, 'prerender.js')).href);
const pages = await prerenderPages();
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes(ROOT)) throw new Error(`prerender: index.html has no ${ROOT}`);

const write = (file, markup) => {
  if (/<script/i.test(markup)) throw new Error(`prerender: ${file} would get an inline script`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, template.replace(ROOT, `<div id="root">${markup}</div>`));
  console.log(`prerendered ${path.relative(process.cwd(), file)}`);
};
write(path.join(dist, 'prerendered', 'home.html'), pages.home);
write(path.join(dist, 'index.html'), pages.shell);
fs.rmSync(serverBuild, { recursive: true, force: true });
