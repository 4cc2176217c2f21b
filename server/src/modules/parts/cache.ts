import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PART_HEADERS } from '@partsmith/contract';
import { requestIdFor } from '../../lib/request-id.ts';

/** The channel the `parts` trigger notifies on every committed change (migration 0005). */
export const CATALOGUE_CHANNEL = 'partsmith_catalogue';

/** Bodies smaller than this go out uncompressed (the same threshold as @fastify/compress). */
const COMPRESS_THRESHOLD = 1024;
const DEFAULT_MAX_ENTRIES = 500;

type Encoding = 'br' | 'gzip' | 'identity';

/** What a catalogue read answers, before it is cached. */
export interface CatalogueAnswer {
  /** The JSON body (or a part's page, with its own content-type). */
  body: string;
  /** This answer's own headers (x-total-count, x-next-cursor; a page's type, link, cache-control). */
  headers: Record<string, string>;
}

interface Entry {
  generation: number;
  own: Record<string, string>;
  bodies: Partial<Record<Encoding, Buffer>>;
  /** Every header of one encoding's answer but the request id, flat [name, value, ...]. */
  flat: Partial<Record<Encoding, string[]>>;
  /** The shared headers' version the flat lists were made with. */
  sharedVersion: number;
}

/**
 * Headers that differ from one request to the next, or that the cache sets itself per answer;
 * everything else a miss carried (the security headers) is replayed on every hit.
 */
const NOT_SHARED = new Set([
  'x-request-id',
  'set-cookie',
  'content-length',
  'content-type',
  'content-encoding',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  // A page's own (decision 050): an API answer carries none of them.
  'cache-control',
  'link',
  PART_HEADERS.total,
  PART_HEADERS.nextCursor,
]);

/** The best encoding the caller accepts: br, then gzip, else none. */
function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  const text = Array.isArray(header) ? header.join(',') : header;
  let gzip = false;
  for (const part of text.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : 'identity';
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  return body;
}

/** A bounded map that forgets the least recently used key first. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  clear() {
    this.map.clear();
  }
  get size() {
    return this.map.size;
  }
}

/**
 * The catalogue's answers (GET /api/allParts pages and GET /api/part/:id), kept as the bytes
 * that go on the wire, with their br and gzip variants made on first demand
 * (docs/decisions/007). Every committed change to `parts` empties it: the writer of this
 * instance right after its commit, every instance on the database's notification. A read that
 * started before an invalidation is not stored (generations). While the notifications cannot be
 * heard (`listening` false), the cache is bypassed.
 */
export class CatalogueCache {
  private readonly byKey: Lru<Entry>;
  /** Exact request URLs already answered, for the early path: one lookup, no parsing. */
  private readonly byUrl: Lru<Entry>;
  private generation = 0;
  private listening = false;
  private shared: string[] | null = null;
  private sharedJson = '';
  private sharedVersion = 0;
  hits = 0;
  misses = 0;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.byKey = new Lru(maxEntries);
    this.byUrl = new Lru(maxEntries);
  }

  /** Drops every cached answer; reads under way are not stored. */
  invalidate() {
    this.generation++;
    this.byKey.clear();
    this.byUrl.clear();
  }

  /** Whether the cache may serve: only while this instance hears every change. */
  get enabled() {
    return this.listening;
  }

  /** The notification listener's state: either change empties the cache. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.invalidate();
  }

  get size() {
    return this.byKey.size;
  }

  /**
   * The early path, before Fastify routes the request: an exact URL already answered is sent
   * with the same headers as that first answer (security headers included), without a session
   * lookup or any other per-request work. Answers whether it sent the response.
   */
  serveRaw(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.listening || req.method !== 'GET' || this.shared === null) return false;
    const entry = this.byUrl.get(req.url!);
    if (!entry) return false;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body = this.body(entry, encoding);
    const headers = this.flatHeaders(entry, encoding, body).slice();
    headers.push('x-request-id', requestIdFor(req));
    this.hits++;
    res.writeHead(200, headers);
    res.end(body);
    return true;
  }

  /**
   * Answers a catalogue read through Fastify (a miss, or a URL spelled differently): from the
   * cache under its normalised key, else by `load`, storing the answer unless the catalogue
   * changed meanwhile.
   */
  async respond(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<CatalogueAnswer>,
  ): Promise<FastifyReply> {
    let entry = this.listening ? this.byKey.get(key) : undefined;
    if (!entry) {
      this.misses++;
      const generation = this.generation;
      const answer = await load();
      entry = {
        generation,
        own: answer.headers,
        bodies: { identity: Buffer.from(answer.body) },
        flat: {},
        sharedVersion: -1,
      };
      if (this.listening && generation === this.generation) this.byKey.set(key, entry);
    }
    if (this.listening && entry.generation === this.generation && request.method === 'GET') {
      this.byUrl.set(request.url, entry);
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = this.body(entry, encoding);
    reply.headers(this.ownHeaders(entry, encoding, body));
    return reply.send(body);
  }

  /**
   * Learns the headers every catalogue answer carries besides its own (security headers and
   * the like) from an answer Fastify is about to send; a hit replays them.
   */
  learnSharedHeaders(headers: Record<string, string | number | string[] | undefined>) {
    const flat: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (value === undefined || NOT_SHARED.has(lower)) continue;
      if (Array.isArray(value)) for (const v of value) flat.push(lower, v);
      else flat.push(lower, String(value));
    }
    const json = JSON.stringify(flat);
    if (json === this.sharedJson) return;
    this.sharedJson = json;
    this.shared = flat;
    this.sharedVersion++;
  }

  private body(entry: Entry, encoding: Encoding): Buffer {
    const identity = entry.bodies.identity!;
    if (encoding === 'identity' || identity.length < COMPRESS_THRESHOLD) return identity;
    let body = entry.bodies[encoding];
    if (!body) {
      body = compress(identity, encoding);
      entry.bodies[encoding] = body;
    }
    return body;
  }

  private ownHeaders(entry: Entry, encoding: Encoding, body: Buffer): Record<string, string> {
    return {
      'content-type': 'application/json; charset=utf-8',
      ...entry.own,
      vary: 'accept-encoding',
      ...(body !== entry.bodies.identity ? { 'content-encoding': encoding } : {}),
      'content-length': String(body.length),
    };
  }

  private flatHeaders(entry: Entry, encoding: Encoding, body: Buffer): string[] {
    if (entry.sharedVersion !== this.sharedVersion) {
      entry.flat = {};
      entry.sharedVersion = this.sharedVersion;
    }
    let flat = entry.flat[encoding];
    if (!flat) {
      flat = [...this.shared!];
      for (const [name, value] of Object.entries(this.ownHeaders(entry, encoding, body)))
        flat.push(name, value);
      entry.flat[encoding] = flat;
    }
    return flat;
  }
}
