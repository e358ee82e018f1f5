/**
 * Reads of a call, its commands, participants and streams, from the state its actor last committed (the
 * actor answers only after committing, so a read after an action sees it). They work the same while the
 * call runs and after its actor finished.
 */
import type { Call } from '../../protocol/calls/call.js';
import type { Command } from '../../protocol/calls/command.js';
import type { Stream } from '../../protocol/calls/stream.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { callRow, committedContext } from './call-records.js';
import type { CallsService } from './calls-service.js';
import type { CallContext } from './machines/call-context.js';
import { callBody, commandBody, streamBody } from './machines/call-view.js';

async function contextOf(calls: CallsService, callId: string): Promise<CallContext> {
  const committed = await committedContext(calls.services.sql, callId);
  if (committed === null) throw new SentralError('actor_unavailable', { message: 'The call is still being started; retry shortly.', retryAfterSeconds: 1 });
  return committed.context;
}

/** The call as the API shows it (metadata set after the call included). */
export async function readCall(calls: CallsService, callId: string): Promise<Call> {
  const [context, row] = await Promise.all([contextOf(calls, callId), callRow(calls.services.sql, callId)]);
  const body = callBody(context);
  if (row?.metadataAfterEnd) body.metadata = row.metadataAfterEnd;
  return calls.signer.call(body);
}

/** One command of the call, or not_found. */
export async function readCommand(calls: CallsService, callId: string, commandId: string): Promise<Command> {
  const context = await contextOf(calls, callId);
  const command = context.commands.find((c) => c.id === commandId);
  if (!command) throw new SentralError('not_found', { message: 'No such command in this call.', param: 'commandId' });
  return commandBody(context, command);
}

/** One stream of the call, or not_found. */
export async function readStream(calls: CallsService, callId: string, streamId: string): Promise<Stream> {
  const context = await contextOf(calls, callId);
  const p = context.participants.find((x) => x.id === streamId && x.kind === 'stream');
  if (!p) throw new SentralError('not_found', { message: 'No such stream in this call.', param: 'streamId' });
  return streamBody(context, p);
}
