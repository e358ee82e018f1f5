import type { Clock } from '../../shared/clock/clock.js';
import type { Sql } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { IdPrefix } from '../../shared/ids/ids.js';
import { idempotentId, type KeyPrincipal } from '../accounts/principal.js';
import { acceptSends } from './message-accept.js';
import type { MessageChannel, MessageSend } from './message-channel.js';
import type { MessageRow } from './message-row.js';

/**
 * The id of item `index` of a batch request (POST /v1/sms/batches, /v1/email/batch): derived from the
 * Idempotency-Key and the item's place, so a retry names the same messages and none is sent twice.
 */
export function batchItemId(prefix: IdPrefix, caller: KeyPrincipal, idempotencyKey: string, index: number): string {
  return idempotentId(prefix, caller, idempotencyKey, 'batch', String(index));
}

/**
 * Accepts every send of one batch request in a transaction of its own, or none, through the channel's one
 * accept path (message-accept.ts); the first refusal, in the order of the sends, is thrown as `rename`
 * names it for the batch (`to.3`, `messages.3.to`), and the transaction rolls back, so nothing is stored
 * or reserved.
 */
export async function acceptAllOrNothing<B>(
  sql: Sql,
  clock: Clock,
  channel: MessageChannel<B>,
  sends: readonly MessageSend<B>[],
  rename: (err: SentralError, index: number) => SentralError,
): Promise<MessageRow[]> {
  return sql.begin(async (tx) => {
    const outcomes = await acceptSends(tx, clock, channel, sends);
    const refused = outcomes.findIndex((o) => o instanceof SentralError);
    if (refused >= 0) throw rename(outcomes[refused] as SentralError, refused);
    return outcomes as MessageRow[];
  });
}
