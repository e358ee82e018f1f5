import { dependencyOutage } from '../errors/dependency-outage.js';
import type { Sql, Tx } from './database.js';

/**
 * A transaction whose body ran to its end but whose COMMIT got no answer: the connection was lost while the
 * COMMIT was on its way (the primary died, before or after writing it; with synchronous replication a
 * commit it wrote is on the standby that takes over). Whether it landed can only be read afterwards, from
 * what it wrote. `value` is what the body returned; `cause` the connection's error, so the failure still
 * counts as a database outage (a 503) where nobody looks closer.
 */
export class CommitUnknownError<T> extends Error {
  constructor(
    readonly value: T,
    cause: unknown,
  ) {
    super('the COMMIT was not answered: the transaction may or may not have landed', { cause });
    this.name = 'CommitUnknownError';
  }
}

/** `sql.begin(body)`, except that a COMMIT lost to a database outage rejects with CommitUnknownError (the body's value in it). */
export async function transaction<T>(sql: Sql, body: (tx: Tx) => Promise<T>): Promise<T> {
  let ran: { value: T } | undefined;
  try {
    return (await sql.begin(async (tx) => {
      const value = await body(tx);
      ran = { value };
      return value;
    })) as T;
  } catch (err) {
    if (ran !== undefined && dependencyOutage(err) === 'database') throw new CommitUnknownError(ran.value, err);
    throw err;
  }
}
