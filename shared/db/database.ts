import postgres from 'postgres';

/** The postgres.js client every part of sentral queries through. */
export type Sql = postgres.Sql<Record<string, never>>;
/** A transaction handle (what `sql.begin` passes to its callback). */
export type Tx = postgres.TransactionSql<Record<string, never>>;

/** Options of the connection pool. */
export interface DatabaseOptions {
  url: string;
  /** Pool size (default 10). */
  max?: number;
  /** Application name seen in pg_stat_activity. */
  applicationName?: string;
}

/** Opens a postgres.js pool. Bigint columns come back as JS numbers (amounts in øre stay far below 2^53). */
export function openDatabase(options: DatabaseOptions): Sql {
  return postgres(options.url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'sentral' },
    types: {
      bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
    },
    connect_timeout: 5,
    idle_timeout: 30,
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
