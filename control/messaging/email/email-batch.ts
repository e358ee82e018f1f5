import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { EmailBatch, EmailBatchCreate, EmailCreate } from '../../../protocol/messaging/email.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';
import type { MessageChannel } from '../message-channel.js';
import { acceptAllOrNothing, batchItemId } from '../all-or-nothing.js';
import { emailView } from './email-view.js';
import { batchTotals } from '../message-view.js';

/**
 * Up to 500 emails in one request (POST /v1/email/batch, as Postmark's batch), all or nothing: each item is
 * an ordinary email (its id derived from the Idempotency-Key and its place in `messages`, its own
 * reservation and `email.status`), accepted in one transaction. A refused item refuses the whole batch and
 * stores nothing: its code, naming `messages.<index>.<param>`; money (balance, the profile's monthly
 * limit) with its code. A retry with the same key answers the same emails.
 */
export async function sendEmailMessages(sql: Sql, clock: Clock, channel: MessageChannel<EmailCreate>, caller: KeyPrincipal, idempotencyKey: string, body: EmailBatchCreate): Promise<EmailBatch> {
  const sends = body.messages.map((one, i) => ({ caller, id: batchItemId('eml', caller, idempotencyKey, i), body: one }));
  const rows = await acceptAllOrNothing(sql, clock, channel, sends, itemError);
  const messages = rows.map(emailView);
  return {
    object: 'email_batch',
    id: idempotentId('emb', caller, idempotencyKey),
    messages,
    ...batchTotals(messages, caller.mode),
  };
}

// An item's refusal as the batch's: the same code, its parameter under `messages.<index>`; a refusal of
// the whole (money) names no item.
function itemError(err: SentralError, index: number): SentralError {
  if (err.param === undefined) return err;
  return new SentralError(err.code, { message: `messages.${index}: ${err.message}`, param: `messages.${index}.${err.param}` });
}
