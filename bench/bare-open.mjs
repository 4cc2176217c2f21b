// The start-up figure's reference (docs/decisions/055): a bare Node process that opens an
// embedded database as the server does (the same PGlite, its pg_trgm extension and
// shared_buffers), runs one query, prints "ready" and closes it. bench/lib/reference.mjs
// (bareOpenMs) spawns it with the server's Node flags, pinned to the server's core.
// Usage: node bench/bare-open.mjs <data folder>/pglite <shared_buffers>
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const [dir, sharedBuffers] = process.argv.slice(2);
const db = await PGlite.create({
  dataDir: dir,
  postgresqlconf: `shared_buffers=${sharedBuffers}\n`,
  extensions: { pg_trgm },
});
const { rows } = await db.query('select count(*)::int as n from parts where deleted_at is null');
process.stdout.write(`ready ${rows[0].n}\n`);
await db.close();
