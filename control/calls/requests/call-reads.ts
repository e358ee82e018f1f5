/**
 * Reads of a call, its commands and streams, from the read model its actor's commits keep (store/call-views.ts;
 * the actor answers only after committing, so a read after an action sees it). They work the same while the
 * call runs and after its actor finished.
 */
import type { Call } from '../../../protocol/calls/call.js';
import type { Command } from '../../../protocol/calls/command.js';
import type { Stream } from '../../../protocol/calls/stream.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { callRow } from '../store/call-records.js';
import { callView, callViewItem, type CallView, type CallViewItems } from '../store/call-views.js';
import type { CallsService } from './calls-service.js';

function stillStarting(): SentralError {
  return new SentralError('actor_unavailable', { message: 'The call is still being started; retry shortly.', retryAfterSeconds: 1 });
}

/** The call's read model; actor_unavailable before its actor's first commit. */
export async function viewOf(calls: CallsService, callId: string): Promise<CallView> {
  const view = await callView(calls.services.sql, callId);
  if (view === null) throw stillStarting();
  return view;
}

/** The call as the API shows it (metadata set after the call included). */
export async function readCall(calls: CallsService, callId: string): Promise<Call> {
  const [view, row] = await Promise.all([viewOf(calls, callId), callRow(calls.services.sql, callId)]);
  const body = view.call;
  if (row?.metadataAfterEnd) body.metadata = row.metadataAfterEnd;
  return calls.signer.call(body);
}

async function readItem<K extends keyof CallViewItems>(calls: CallsService, callId: string, kind: K, itemId: string, param: string): Promise<CallViewItems[K]> {
  const { call, item } = await callViewItem(calls.services.sql, callId, kind, itemId);
  if (!call) throw stillStarting();
  if (item === null) throw new SentralError('not_found', { message: `No such ${kind} in this call.`, param });
  return item;
}

/** One command of the call, or not_found. */
export function readCommand(calls: CallsService, callId: string, commandId: string): Promise<Command> {
  return readItem(calls, callId, 'command', commandId, 'commandId');
}

/** One stream of the call, or not_found. */
export function readStream(calls: CallsService, callId: string, streamId: string): Promise<Stream> {
  return readItem(calls, callId, 'stream', streamId, 'streamId');
}
