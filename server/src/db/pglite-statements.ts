import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
const { serialize } = protocol;

/** Statements kept prepared at once; the least recently used one is closed beyond that. */
export const PGLITE_STATEMENT_CACHE_SIZE = 100;

/** Only plain data statements are kept; anything else (DDL, SET, BEGIN) takes PGlite's path. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Errors after which a kept statement is prepared again: gone, or its result type changed. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

interface Statement {
  name: string;
  paramTypes: number[];
  /** The RowDescription of its result (text format), or null when it returns no rows. */
  rows: BackendMessage | null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * PGlite's `query()` parses, describes and plans its statement again on every call, in six
 * calls into the database (decision 039): for the shop's short statements that is most of their
 * cost. This keeps each statement text prepared under a name, as PostgreSQL drivers do (a
 * bounded cache), and runs it in one call: Bind, Execute, Sync. Results, type conversion and
 * errors are PGlite's own (its parsers and serializers, its DatabaseError with `query` and
 * `params`), and it takes the same two locks `query()` does, so it never runs inside another
 * caller's transaction. `transaction` does the same inside PGlite's transactions (decision 047):
 * their statements took PGlite's path, and a checkout's statement of eight CTEs was planned
 * again for every order.
 */
export function createStatementCache(client: PGlite, max = PGLITE_STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, Statement>();
  /** Names of evicted statements, closed with the next preparation. */
  let toClose: string[] = [];
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `partsmith_s${++counter}`;
    const closing = toClose.map((n) => serialize.close({ type: 'S', name: n }));
    toClose = [];
    const { messages } = await client.execProtocol(
      concat([
        ...closing,
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rows: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldest, evicted] = statements.entries().next().value as [string, Statement];
      statements.delete(oldest);
      toClose.push(evicted.name);
    }
    return statement;
  }

  async function run<T>(
    statement: Statement,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // As PGlite's own query(): inside a transaction, the files are synced at its end.
      { syncToFs: !inTransaction },
    );
    const all = statement.rows ? [statement.rows, ...messages] : messages;
    if (!options?.parsers) return parse.parseResults(all, client.parsers, options)[0] as Results<T>;
    // PGlite merges `options.parsers` into its 337 type parsers with an object spread on every
    // call: 150-180 us a query here, and Drizzle passes its nine on every query (half of a
    // purchase's parsing time under load). An object with the client's parsers as its prototype
    // and the nine as its own properties gives the same lookups for nine assignments.
    const parsers = Object.assign(
      Object.create(client.parsers) as typeof client.parsers,
      options.parsers,
    );
    return parse.parseResults(all, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  async function runCached<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction = false,
  ) {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last, so the first entry is the one to evict.
      statements.delete(text);
      statements.set(text, statement);
      try {
        return await run<T>(statement, params, options, inTransaction);
      } catch (error) {
        // Inside a transaction an error has aborted it: preparing again could not run.
        if (inTransaction || !STALE_STATEMENT.has((error as { code?: string }).code ?? ''))
          throw error;
        statements.delete(text);
        toClose.push(statement.name);
      }
    }
    statement = await prepare(text, options);
    return run<T>(statement, params, options, inTransaction);
  }

  /** Runs a kept statement under PGlite's query lock, its errors told as `query()` tells them. */
  function exclusive<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) {
    return client._runExclusiveQuery(async () => {
      try {
        return await runCached<T>(text, params, options, inTransaction);
      } catch (error) {
        if (error && typeof error === 'object' && 'code' in error)
          Object.assign(error, { query: text, params, queryOptions: options });
        throw error;
      }
    });
  }

  return {
    /** `PGlite.query()`, with the statement kept prepared. */
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      if (!CACHEABLE.test(text) || options?.blob) return client.query<T>(text, params, options);
      await client._checkReady();
      return client._runExclusiveTransaction(() => exclusive<T>(text, params, options, false));
    },
    /**
     * `PGlite.transaction()`, whose transaction's `query()` keeps its statements prepared too.
     * The transaction already holds PGlite's transaction lock; each statement takes the query
     * lock, as PGlite's own does.
     */
    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return client.transaction((tx) =>
        callback(
          // The transaction's other members (exec, rollback, `closed`) stay PGlite's own.
          Object.create(tx, {
            query: {
              value: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
                if (tx.closed) throw new Error('Transaction is closed');
                if (!CACHEABLE.test(text) || options?.blob)
                  return tx.query<R>(text, params, options);
                return exclusive<R>(text, params, options, true);
              },
            },
          }) as Transaction,
        ),
      );
    },
    /** How many statements are kept (tests). */
    get size() {
      return statements.size;
    },
  };
}
