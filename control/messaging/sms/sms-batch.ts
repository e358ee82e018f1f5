import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { SMS_TEXT_MAX, type SmsBatch, type SmsBatchCreate, type SmsCreate } from '../../../protocol/messaging/sms.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';
import type { MessageChannel, MessageSend } from '../message-channel.js';
import { acceptAllOrNothing, batchItemId } from '../all-or-nothing.js';
import { smsView } from './sms-view.js';
import { batchTotals } from '../message-view.js';

// `${name}` in a batch's text: a parameter's name as the schema allows it.
const PLACEHOLDER = /\$\{([A-Za-z0-9_]{1,32})\}/g;

/**
 * One text to many recipients (POST /v1/sms/batches), all or nothing: each recipient becomes an ordinary
 * SMS (its own id derived from the Idempotency-Key and its place in `to`, its own reservation and
 * `sms.status`), accepted in one transaction. Anything refused refuses the whole batch and stores
 * nothing: a malformed request with 400 naming the parameter (`to.3`, `parameters.name`), a refusal of
 * one recipient (opted out, too many units after substitution) with that refusal's code naming `to.<index>`,
 * money (balance, the profile's monthly limit) with its code. A retry with the same key answers the same
 * messages.
 */
export async function sendSmsRecipients(sql: Sql, clock: Clock, channel: MessageChannel<SmsCreate>, caller: KeyPrincipal, idempotencyKey: string, body: SmsBatchCreate): Promise<SmsBatch> {
  const sends = recipientSends(caller, idempotencyKey, body);
  const rows = await acceptAllOrNothing(sql, clock, channel, sends, (err, i) => recipientError(err, i, body.to[i]!));
  const messages = rows.map(smsView).map(({ id, to, state, units, priceOre, wouldCostOre }) => ({ id, to, state, units, priceOre, wouldCostOre }));
  return {
    object: 'sms_batch',
    id: idempotentId('smb', caller, idempotencyKey),
    messages,
    ...batchTotals(messages, caller.mode),
  };
}

// Each recipient's send, its text filled from the parameters; 400 naming the parameter for what no
// recipient-by-recipient check could store.
function recipientSends(caller: KeyPrincipal, idempotencyKey: string, body: SmsBatchCreate): MessageSend<SmsCreate>[] {
  const first = new Map<string, number>();
  body.to.forEach((to, i) => {
    const earlier = first.get(to);
    if (earlier !== undefined) throw new SentralError('invalid_request', { message: `to.${i} (${to}) repeats to.${earlier}: each recipient at most once.`, param: `to.${i}` });
    first.set(to, i);
  });
  const parameters = body.parameters ?? {};
  for (const [name, values] of Object.entries(parameters)) {
    for (const number of Object.keys(values)) {
      if (number !== 'default' && !first.has(number)) {
        throw new SentralError('invalid_request', { message: `parameters.${name} names ${number}, which is not in to.`, param: `parameters.${name}` });
      }
    }
  }
  return body.to.map((to, i) => {
    const text = body.text.replace(PLACEHOLDER, (whole, name: string) => {
      const values = parameters[name];
      if (values === undefined) return whole;
      const value = values[to] ?? values.default;
      if (value === undefined) throw new SentralError('invalid_request', { message: `parameters.${name} has no value for ${to} (to.${i}) and no default.`, param: `parameters.${name}` });
      return value;
    });
    if (text.length === 0 || text.length > SMS_TEXT_MAX) {
      throw new SentralError('invalid_request', { message: `The text for to.${i} (${to}) is ${text.length} characters once filled in; 1–${SMS_TEXT_MAX} are allowed.`, param: `to.${i}` });
    }
    const one: SmsCreate = {
      profileId: body.profileId, from: body.from, to, text,
      ...(body.sendAt !== undefined ? { sendAt: body.sendAt } : {}),
      ...(body.validitySeconds !== undefined ? { validitySeconds: body.validitySeconds } : {}),
      ...(body.externalRef !== undefined ? { externalRef: body.externalRef } : {}),
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    };
    return { caller, id: batchItemId('msg', caller, idempotencyKey, i), body: one };
  });
}

// A recipient's refusal as the batch's: the same code; named `to.<index>` when it is the recipient's.
function recipientError(err: SentralError, index: number, to: string): SentralError {
  if (err.param !== 'to' && err.param !== 'text') return err;
  return new SentralError(err.code, { message: `to.${index} (${to}): ${err.message}`, param: `to.${index}` });
}
