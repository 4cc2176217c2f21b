// The ceiling: a bare node:http server that answers every request with the exact status, headers
// and body captured from the shop (a JSON file: { status, headers, bodyBase64 }).
// Usage: node bench/raw-server.mjs <capture.json> <port>
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const capture = JSON.parse(fs.readFileSync(file, 'utf8'));
const body = Buffer.from(capture.bodyBase64, 'base64');
const headers = { ...capture.headers, 'content-length': String(body.length) };

const server = http.createServer((request, response) => {
  request.resume();
  response.writeHead(capture.status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () =>
  process.stdout.write(`raw server ready on ${port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
