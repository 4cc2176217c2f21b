import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { controlSocketPath, MAX_SOCKET_PATH, sendBackup } from '../db/backup/socket.ts';
import { ByteReader } from '../lib/byte-reader.ts';

/** How long a connection may take to say what it wants. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The running shop's control socket, `<DATA_DIR>/control.sock`, on the embedded database only:
 * the data folder is this process's alone (db/lock.ts), so `npm run backup` asks the shop for the
 * copy here (docs/decisions/042). A Unix socket, owner-only: whoever may connect may read the data
 * folder anyway, and nothing of it is reachable through the HTTP port or a load balancer. One
 * request a connection, one line: `backup`. Backups run one after the other (PostgreSQL ties a
 * backup to its session, and PGlite has one): a second request waits for the first.
 */
export const controlSocket = fp(async function controlSocket(app: FastifyInstance) {
  const { database, config } = app;
  if (database.raw.kind !== 'pglite') return;
  const client = database.raw.client;
  // Only for DATA_DIR's own database, where the command looks (not a test's in-memory one).
  if (!client.dataDir || path.resolve(client.dataDir) !== path.join(config.dataDir, 'pglite'))
    return;
  const socketPath = controlSocketPath(config.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    app.log.warn(
      { socketPath },
      `no control socket: its path is over ${MAX_SOCKET_PATH} bytes; npm run backup then needs the shop stopped`,
    );
    return;
  }

  /** The backups asked for, one after the other. */
  let queue: Promise<void> = Promise.resolve();
  const connections = new Set<net.Socket>();

  async function serve(socket: net.Socket) {
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    const request = await new ByteReader(socket).readLine(64).catch(() => null);
    socket.setTimeout(0);
    if (socket.destroyed) return;
    if (request !== 'backup') {
      socket.end(`${JSON.stringify({ error: `unknown request ${JSON.stringify(request)}` })}\n`);
      return;
    }
    queue = queue.then(async () => {
      // Gone while it waited its turn.
      if (socket.destroyed) return;
      try {
        const sent = await sendBackup(socket, client);
        app.log.info(sent, 'backup: sent a copy of the embedded database');
      } catch (err) {
        app.log.error({ err }, 'backup: the copy of the embedded database failed');
      }
    });
    await queue;
  }

  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    // A client that goes away mid-copy fails the copy, which says so in the log.
    socket.on('error', () => {});
    void serve(socket);
  });

  app.addHook('onReady', async () => {
    // Left by a shop that was killed; this process holds the folder's lock, so it is no one's.
    fs.rmSync(socketPath, { force: true });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socketPath, () => {
          server.off('error', reject);
          resolve();
        });
      });
      // listen() makes the socket with the umask's mode, but no one else can reach it even
      // before this chmod: connecting needs search access to DATA_DIR, made owner-only (0700)
      // at start (plugins/database.ts) before this hook runs.
      fs.chmodSync(socketPath, 0o600);
    } catch (err) {
      // The shop serves without it; the command then says the shop must be stopped for a copy.
      app.log.error(
        { err, socketPath },
        'no control socket: npm run backup needs the shop stopped',
      );
    }
  });

  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of connections) socket.destroy();
    await closed;
    await queue;
    fs.rmSync(socketPath, { force: true });
  });
});
