import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Distinct statements one connection keeps prepared. Kysely writes an IN list of n values as n
 * placeholders, so the texts are not a closed set; past the cap a statement simply runs unnamed.
 */
export const PREPARED_PER_CONNECTION = 200;

/**
 * PostgreSQL's code (feature_not_supported) for "cached plan must not change result type": a
 * table's columns changed under a prepared `select *` (a migration). The code, not the message,
 * which a server with another lc_messages sends in its own language.
 */
const RESULT_TYPE_CHANGED = '0A000';

const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback)\b/i;
const READ = /^\s*select\b/i;

/** What one pooled connection has prepared; kept for the connection's life. */
class Prepared {
  readonly names = new Map<string, string>();
  /** Statements whose prepared form a migration invalidated: they run unnamed from now on. */
  readonly invalid = new Set<string>();
  inTransaction = false;

  constructor(private readonly cap: number) {}

  /** The statement's name, or undefined to send it unnamed; follows begin/commit on the way. */
  nameFor(text: string): string | undefined {
    if (!READ.test(text)) {
      if (TRANSACTION_START.test(text)) this.inTransaction = true;
      else if (TRANSACTION_END.test(text)) this.inTransaction = false;
      return undefined;
    }
    if (this.inTransaction || this.invalid.has(text)) return undefined;
    const known = this.names.get(text);
    if (known || this.names.size >= this.cap) return known;
    const name = `q${createHash('sha1').update(text).digest('base64url')}`;
    this.names.set(text, name);
    return name;
  }
}

/**
 * A pooled connection that sends every read outside a transaction as a named statement, so
 * PostgreSQL parses and plans a query text once per connection instead of on every call; measured
 * on the staff queues this doubled the calls a second (docs/decisions.md). Reads inside a
 * transaction stay unnamed: an error there would abort the transaction, and the retry below could
 * not run.
 */
class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly prepared: Prepared,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never) as PostgresCursor<R>;
    return this.run<R>(sqlOrCursor, [...(parameters ?? [])]);
  }

  private async send<R>(config: pg.QueryConfig): Promise<PostgresQueryResult<R>> {
    return (await this.client.query(config)) as unknown as PostgresQueryResult<R>;
  }

  private async run<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = this.prepared.nameFor(text);
    if (!name) return this.send({ text, values });
    try {
      return await this.send({ name, text, values });
    } catch (err) {
      if ((err as { code?: string }).code !== RESULT_TYPE_CHANGED) throw err;
      this.prepared.invalid.add(text);
      return this.send({ text, values });
    }
  }

  release(): void {
    this.client.release();
  }
}

/** Kysely's pool over node-postgres's, handing out connections that prepare their reads. */
export function preparingPool(pool: pg.Pool, cap = PREPARED_PER_CONNECTION): PostgresPool {
  // Kysely remembers its connection object on the client it was given, so each pg client keeps
  // one wrapper (and one record of what it prepared) for its life.
  const wrappers = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new PreparingClient(client, new Prepared(cap));
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
