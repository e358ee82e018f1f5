import type { Sql, Tx } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { IdPrefix } from '../../shared/ids/ids.js';
import { idempotentId, type KeyPrincipal } from '../accounts/principal.js';
import type { MessageRow } from './message-row.js';

/**
 * The id of item `index` of a batch request (POST /v1/sms/batches, /v1/email/batch): derived from the
 * Idempotency-Key and the item's place, so a retry names the same messages and none is sent twice.
 */
export function batchItemId(prefix: IdPrefix, caller: KeyPrincipal, idempotencyKey: string, index: number): string {
  return idempotentId(prefix, caller, idempotencyKey, 'batch', String(index));
}

/**
 * Accepts every send of one batch request in a transaction of its own, or none: `accept` is a channel's
 * set-based accept (each send its message or its own refusal); the first refusal, in the order of the
 * sends, is thrown as `rename` names it for the batch (`to.3`, `messages.3.to`), and the transaction rolls
 * back, so nothing is stored or reserved.
 */
export async function acceptAllOrNothing<S>(
  sql: Sql,
  sends: readonly S[],
  accept: (tx: Tx, sends: readonly S[]) => Promise<(MessageRow | SentralError)[]>,
  rename: (err: SentralError, index: number) => SentralError,
): Promise<MessageRow[]> {
  return sql.begin(async (tx) => {
    const outcomes = await accept(tx, sends);
    const refused = outcomes.findIndex((o) => o instanceof SentralError);
    if (refused >= 0) throw rename(outcomes[refused] as SentralError, refused);
    return outcomes as MessageRow[];
  });
}
