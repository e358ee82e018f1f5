import postgres from 'postgres';
import { parseDatabaseUrl } from './database-url.js';

/** The postgres.js client every part of sentral queries through. */
export type Sql = postgres.Sql<Record<string, never>>;
/** A transaction handle (what `sql.begin` passes to its callback). */
export type Tx = postgres.TransactionSql<Record<string, never>>;
/** A pool or a transaction: a query that needs no transaction of its own runs on either. */
export type Db = Sql | Tx;

/** Options of the connection pool. */
export interface DatabaseOptions {
  url: string;
  /** Pool size (default 10). */
  max?: number;
  /** Application name seen in pg_stat_activity. */
  applicationName?: string;
  /** Seconds a connection attempt may take (default CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutSeconds?: number;
  /** Told the text of every statement sent (benchmarks count statements per operation with it). */
  onQuery?: (text: string) => void;
}

/**
 * Seconds a connection attempt may take (TCP, TLS, start-up) before the query waiting on it is failed with
 * CONNECT_TIMEOUT: a request never waits longer than this for a database that does not answer. The
 * embedded PGlite takes a new connection's start-up in turn with the other connections' transactions, so
 * standalone mode gives it longer (EMBEDDED_CONNECT_TIMEOUT_SECONDS).
 */
export const CONNECT_TIMEOUT_SECONDS = 2;

/** Connection attempt time allowed towards the embedded PGlite (seconds). */
export const EMBEDDED_CONNECT_TIMEOUT_SECONDS = 10;

/** The longest a closed connection waits before it connects again (seconds). */
export const MAX_RECONNECT_DELAY_SECONDS = 0.25;

/**
 * Delay before a closed connection reconnects. postgres.js counts failures for the whole pool (each of
 * its connections adds one when it closes on an error) and its own backoff grows to 20 s with that count,
 * so after a restart of PostgreSQL every connection waited 10-20 s while queries queued on them. Capped
 * here at 250 ms: a connection only reconnects when a query needs it, so a short delay costs nothing while
 * the database is away, and each query then fails fast (503) or runs as soon as it is back.
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.025 * 2 ** failures, MAX_RECONNECT_DELAY_SECONDS) * (0.5 + Math.random() / 2);
}

/**
 * Opens a postgres.js pool. Bigint columns come back as JS numbers (amounts in øre stay far below 2^53).
 * A URL with several hosts connects to the one that takes writes (database-url.ts).
 */
export function openDatabase(options: DatabaseOptions): Sql {
  const { targetSessionAttrs } = parseDatabaseUrl(options.url);
  return postgres(options.url, {
    ...(targetSessionAttrs ? { target_session_attrs: targetSessionAttrs } : {}),
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'sentral' },
    types: {
      bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
    },
    connect_timeout: options.connectTimeoutSeconds ?? CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelaySeconds,
    idle_timeout: 30,
    ...(options.onQuery ? { debug: (_connection: number, text: string) => options.onQuery!(text) } : {}),
  }) as unknown as Sql;
}

/** Resolves when the database answers a query (readiness). */
export async function pingDatabase(sql: Sql, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database did not answer in time')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
