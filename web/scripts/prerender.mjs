// After `vite build` and the server build of src/prerender/prerender.tsx (into dist-server):
// puts the prerendered first screens into the app's HTML (docs/decisions/038).
// dist/prerendered/<page>.html for each page of PRERENDERED_PAGES, and
// dist/prerendered/not-found.html (the 404 page), dist/prerendered/pages.json (which file for
// which path, and the 404 page's) for the server; dist/index.html gets the generic
// shell (every other page, and the 404 page). The server build stays: the API server renders
// the signed-in pages with it (docs/decisions/038), into dist-server/page.html, written here: the
// app's HTML with a mark for the page's title and one for its markup.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(process.argv[2] ?? 'dist');
const serverBuild = path.join(dist, '..', 'dist-server');
const ROOT = '<div id="root"></div>';
const NOT_FOUND_FILE = 'not-found.html';

const { prerenderPages, PRERENDERED_PAGES, PRERENDERED_TITLES, NOT_FOUND_PATH } = await import(
  pathToFileURL(path.join(serverBuild, 'prerender.js')).href
);
const { pages, notFound, shell } = await prerenderPages();
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes(ROOT)) throw new Error(`prerender: index.html has no ${ROOT}`);
const TITLE = /<title>[^<]*<\/title>/;
if (!TITLE.test(template)) throw new Error('prerender: index.html has no <title>');
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A page's own first screen is marked `data-prerendered`: src/main.tsx lets the browser paint it
 * before it asks for the app (docs/decisions/038). The shell is not: its page needs the app.
 */
const write = (file, markup, { page = true, title } = {}) => {
  if (/<script/i.test(markup)) throw new Error(`prerender: ${file} would get an inline script`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const root = page ? '<div id="root" data-prerendered>' : '<div id="root">';
  // A function, not a string: the markup may hold `$&` (a blog's code sample), which a
  // replacement string would read as "the matched text".
  fs.writeFileSync(
    file,
    template
      .replace(ROOT, () => `${root}${markup}</div>`)
      .replace(TITLE, (generic) => (title ? `<title>${escapeHtml(title)}</title>` : generic)),
  );
  console.log(`prerendered ${path.relative(process.cwd(), file)}`);
};
const folder = path.join(dist, 'prerendered');
for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
  write(path.join(folder, file), pages[pathname], { title: PRERENDERED_TITLES[pathname] });
}
write(path.join(folder, NOT_FOUND_FILE), notFound, { title: PRERENDERED_TITLES[NOT_FOUND_PATH] });
const manifest = { pages: PRERENDERED_PAGES, notFound: NOT_FOUND_FILE };
fs.writeFileSync(path.join(folder, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`prerendered ${Object.keys(PRERENDERED_PAGES).length} pages and ${NOT_FOUND_PATH}`);
// Before index.html gets the shell: the template the server puts a signed-in page into.
fs.writeFileSync(
  path.join(serverBuild, 'page.html'),
  template
    .replace(ROOT, '<div id="root" data-prerendered><!--page--></div>')
    .replace(TITLE, '<title><!--title--></title>'),
);
write(path.join(dist, 'index.html'), shell, { page: false });
