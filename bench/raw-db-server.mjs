// A floor for a signed-in page's request: a bare node:http server that answers each request by
// sending the statements the shop sends for it on a bare `pg` pool (the session's read, then
// the page's side by side) and the rows as JSON. The statements are a JSON file:
// { databaseUrl, poolSize, pages: { "/<name>": { session: { sql, params }, statements: [...] } } }.
// Usage: node bench/raw-db-server.mjs <statements.json> <port>
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const [file, port] = process.argv.slice(2);
const { databaseUrl, poolSize, pages } = JSON.parse(fs.readFileSync(file, 'utf8'));
const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
const first = Object.keys(pages)[0];

const server = http.createServer(async (request, response) => {
  request.resume();
  // `/`: the readiness check, which answers as the first page does.
  const page = pages[request.url === '/' ? first : request.url];
  if (!page) {
    response.writeHead(404).end();
    return;
  }
  try {
    await pool.query(page.session.sql, page.session.params);
    const results = await Promise.all(page.statements.map((s) => pool.query(s.sql, s.params)));
    const body = JSON.stringify(results.map((r) => r.rows[0] ?? null));
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-store',
      'content-length': String(Buffer.byteLength(body)),
    });
    response.end(body);
  } catch (err) {
    response.writeHead(500).end(String(err));
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () =>
  process.stdout.write(`raw database server ready on ${port}\n`),
);
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
