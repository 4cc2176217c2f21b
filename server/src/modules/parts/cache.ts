import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

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
}

/** In order of preference; `x-gzip` is gzip's old name. */
const ENCODINGS = ['br', 'gzip', 'x-gzip'];

/** The best encoding the caller accepts (br, then gzip, else none), its q-values respected. */
function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  const chosen = negotiate(Array.isArray(header) ? header.join(',') : header, ENCODINGS);
  return chosen === 'br' ? 'br' : chosen ? 'gzip' : 'identity';
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

/**
 * The catalogue's answers (GET /api/allParts pages, GET /api/part/:id and the comparisons of
 * GET /api/parts/compare), kept as the bytes that go on the wire, with their br and gzip
 * variants made on first demand (docs/decisions/007). Every committed change to `parts` empties
 * it: the writer of this instance right after its commit, every instance on the database's
 * notification. A read that started before an invalidation is not stored (generations). While
 * the notifications cannot be heard (`listening` false), the cache is bypassed.
 */
export class CatalogueCache {
  private readonly byKey: LRUCache<string, Entry>;
  /** Exact request URLs already answered, for `serve`: one lookup, no parsing. */
  private readonly byUrl: LRUCache<string, Entry>;
  private generation = 0;
  private listening = false;
  hits = 0;
  misses = 0;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.byKey = new LRUCache({ max: maxEntries });
    this.byUrl = new LRUCache({ max: maxEntries });
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
   * Sends the answer already given to this exact URL, from an onRequest hook (plugin.ts): the
   * hooks before it (request id, security headers, session) have run, and the answer is logged
   * and counted as any other, without validation, handler or query. Answers whether it sent it.
   */
  serve(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!this.listening || request.method !== 'GET') return false;
    const entry = this.byUrl.get(request.url);
    if (!entry) return false;
    this.hits++;
    this.send(request, reply, entry);
    return true;
  }

  /**
   * Answers a catalogue read through its route (a miss, or a URL spelled differently): from the
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
      entry = { generation, own: answer.headers, bodies: { identity: Buffer.from(answer.body) } };
      if (this.listening && generation === this.generation) this.byKey.set(key, entry);
    }
    if (this.listening && entry.generation === this.generation && request.method === 'GET') {
      this.byUrl.set(request.url, entry);
    }
    return this.send(request, reply, entry);
  }

  /**
   * The entry's bytes in the encoding the caller prefers, with its own headers. A compressed
   * body carries its content-encoding, which @fastify/compress leaves as it is.
   */
  private send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const identity = entry.bodies.identity!;
    let body = identity;
    if (encoding !== 'identity' && identity.length >= COMPRESS_THRESHOLD) {
      body = entry.bodies[encoding] ??= compress(identity, encoding);
    }
    return reply
      .headers({
        'content-type': 'application/json; charset=utf-8',
        ...entry.own,
        vary: 'accept-encoding',
        ...(body !== identity ? { 'content-encoding': encoding } : {}),
        'content-length': String(body.length),
      })
      .send(body);
  }
}
