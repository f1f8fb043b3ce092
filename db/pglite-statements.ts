import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/**
 * The embedded database's queries as named prepared statements.
 *
 * `PGlite.query` parses, analyses and plans every query afresh, in six calls into PostgreSQL's
 * WebAssembly (parse, describe, bind, describe, execute, sync). The shop sends the same few
 * dozen query texts over and over with new values, so here each text is parsed once, as a named
 * statement, and then only bound and executed, in one call. PostgreSQL then keeps the plan too
 * (after five runs it may settle on a generic one). A new search's query fell from 0.51–0.72 to
 * 0.21–0.33 ms of CPU (decision 016).
 *
 * What a query returns and how it fails are PGlite's own: its serializers turn values into the
 * types PostgreSQL inferred for them, its parsers read the rows, and a failed query throws its
 * DatabaseError with `query` and `params` attached. Statements other than plain reads and writes
 * (BEGIN, SAVEPOINT, DDL, SET…) and COPY's blobs take PGlite's ordinary path.
 *
 * Named statements outlive transactions (PostgreSQL does not roll them back), and at most
 * `maxStatements` are kept: the one used longest ago is closed when a new one needs room.
 */
export interface PreparedStatementsOptions {
  /** How many statements stay prepared (each holds its parse tree and plans in PGlite's memory). */
  maxStatements?: number;
}

/** What Drizzle's PGlite driver uses of a client: `query` and `transaction`. */
export type PgliteQueryClient = Pick<PGlite, "query" | "transaction">;

const { serialize } = protocol;

/** Texts worth keeping: reads and writes. A `with` may start either. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** SQLSTATEs after which a kept statement is prepared again: it was closed, or its tables changed shape. */
const STALE_STATEMENT = new Set(["26000", "0A000"]);

interface Statement {
  name: string;
  /** The parameter types PostgreSQL inferred at parse time, for PGlite's serializers. */
  paramTypes: number[];
}

type ParsedMessages = Awaited<ReturnType<PGlite["execProtocolStream"]>>;

export function withPreparedStatements(client: PGlite, options: PreparedStatementsOptions = {}): PgliteQueryClient {
  const maxStatements = options.maxStatements ?? 200;
  /** Query text → statement, in the order last used (a Map keeps insertion order). */
  const statements = new Map<string, Statement>();
  /** Statements evicted but not yet closed: closed in the next call into the database. */
  let toClose: Uint8Array[] = [];
  let counter = 0;

  function send(messages: Uint8Array[]): Promise<ParsedMessages> {
    const batch = [...toClose, ...messages, serialize.sync()];
    toClose = [];
    return client.execProtocolStream(Buffer.concat(batch), { syncToFs: false });
  }

  async function prepare(text: string): Promise<Statement> {
    const name = `ahenfie_${++counter}`;
    const described = await send([serialize.parse({ name, text }), serialize.describe({ type: "S", name })]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    for (const [oldText, old] of statements) {
      if (statements.size <= maxStatements) break;
      statements.delete(oldText);
      toClose.push(serialize.close({ type: "S", name: old.name }));
    }
    return statement;
  }

  function serializeParams(params: unknown[], paramTypes: number[], queryOptions?: QueryOptions): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = paramTypes[i]!;
      const serializer = queryOptions?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? (serializer(param) as string) : String(param);
    });
  }

  async function runPrepared<T>(
    text: string,
    params: unknown[],
    queryOptions: QueryOptions | undefined,
    retry = true,
  ): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text); // to the end: most recently used
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    try {
      const values = serializeParams(params, statement.paramTypes, queryOptions);
      const messages = await send([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute(),
      ]);
      return parse.parseResults(messages, parsersFor(queryOptions), { ...queryOptions, parsers: undefined })[0] as Results<T>;
    } catch (error) {
      // Inside a transaction the error has aborted it, so a second try could only fail again.
      if (retry && STALE_STATEMENT.has((error as { code?: string }).code ?? "") && !client.isInTransaction()) {
        statements.delete(text);
        toClose.push(serialize.close({ type: "S", name: statement.name }));
        return runPrepared(text, params, queryOptions, false);
      }
      throw error;
    }
  }

  /**
   * PGlite's parsers with the query's own in front. PGlite copies all of its parsers (one per
   * type and array type, some three hundred) into a new object for every query that brings its
   * own, as Drizzle's all do; a prototype chain answers the same lookups without the copy.
   */
  function parsersFor(queryOptions?: QueryOptions): PGlite["parsers"] {
    if (!queryOptions?.parsers) return client.parsers;
    return Object.assign(Object.create(client.parsers) as PGlite["parsers"], queryOptions.parsers);
  }

  /** Runs a query as a prepared statement, holding PGlite's query lock; errors as PGlite's own. */
  async function query<T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> {
    return client._runExclusiveQuery(async () => {
      try {
        return await runPrepared<T>(text, params, queryOptions);
      } catch (error) {
        throw Object.assign(error as object, { query: text, params, queryOptions });
      }
    });
  }

  const usesPreparedStatement = (text: string, queryOptions?: QueryOptions) =>
    PREPARABLE.test(text) && !queryOptions?.blob && !queryOptions?.paramTypes;

  function wrapTransaction(tx: Transaction): Transaction {
    return {
      ...tx,
      get closed() {
        return tx.closed;
      },
      query<T>(text: string, params?: unknown[], queryOptions?: QueryOptions) {
        if (!usesPreparedStatement(text, queryOptions)) return tx.query<T>(text, params, queryOptions);
        if (tx.closed) return Promise.reject(new Error("Transaction is closed"));
        // Inside BEGIN…COMMIT: the transaction's lock is held already, and the data reaches the
        // files when it commits.
        return query<T>(text, params, queryOptions);
      },
    } as Transaction;
  }

  return {
    async query<T>(text: string, params?: unknown[], queryOptions?: QueryOptions): Promise<Results<T>> {
      if (!usesPreparedStatement(text, queryOptions)) return client.query<T>(text, params, queryOptions);
      await client._checkReady();
      // The same locks, in the same order, as PGlite's own query: never inside another's transaction.
      return client._runExclusiveTransaction(async () => {
        const result = await query<T>(text, params, queryOptions);
        await client.syncToFs();
        return result;
      });
    },
    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return client.transaction((tx) => callback(wrapTransaction(tx)));
    },
  };
}
