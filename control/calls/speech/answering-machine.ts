/**
 * Answering-machine detection of an outbound call's dialled phone, as the call machine decides it: the
 * media node detects (op detectMachine, media/speech/answering-machine-detector.ts) and reports; here the
 * call records call.machineDetected and acts by mode. detect: nothing more. hangup_on_machine: a machine
 * ends the call (reason machine_detected). voicemail_drop: after a machine, the end of its greeting (its beep,
 * or silence after it) starts the message (a say or play command of its own, issued by that verb), and once that has played
 * the call ends (reason voicemail_left). A human or unknown answer leaves the call to the customer.
 */
import type { CallActorInput, CallMediaEvent } from '../../../protocol/calls/call-actor.js';
import type { AmdRecord } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';

/** The detection record of a new call (null without amd). */
export function amdRecord(input: CallActorInput): AmdRecord | null {
  return input.amd ? { ...input.amd, state: 'idle', result: null } : null;
}

/** The dialled phone answered: detection starts on its audio. */
export function startDetection(d: CallDraft): void {
  const amd = d.ctx.amd;
  if (!amd || amd.state !== 'idle' || d.ctx.primaryId === null) return;
  amd.state = 'detecting';
  d.op({ op: 'detectMachine', commandId: amd.commandId, legId: d.ctx.primaryId, untilGreetingEnds: amd.mode === 'voicemail_drop' });
}

/** The node's detection events (amd.decided, amd.greetingEnded), and a refused detectMachine (nothing can be decided). */
export function onDetection(d: CallDraft, e: Extract<CallMediaEvent, { type: 'amd.decided' | 'amd.greetingEnded' }>): void {
  const amd = d.ctx.amd;
  if (!amd || e.commandId !== amd.commandId) return;
  if (e.type === 'amd.decided') {
    if (amd.state !== 'detecting') return;
    amd.result = e.result;
    d.record('call.machineDetected', { participantId: e.legId, result: e.result, reason: e.reason, durationMs: e.ms });
    if (e.result !== 'machine' || amd.mode === 'detect') return void (amd.state = 'done');
    if (amd.mode === 'hangup_on_machine') {
      amd.state = 'done';
      d.ctx.endReason ??= 'machine_detected';
      return;
    }
    amd.state = 'waiting';
    return;
  }
  if (amd.state !== 'waiting') return;
  amd.state = 'dropping';
  if (amd.text !== undefined) d.issueOwn('say', { commandId: amd.messageCommandId, text: amd.text, ...(amd.voice ? { voice: amd.voice } : {}) });
  else d.issueOwn('play', { commandId: amd.messageCommandId, clipId: amd.clipId! });
}

/** The voicemail message is done: the call ends (reason voicemail_left, unless it had one already). */
export function endAsVoicemailLeft(d: CallDraft): void {
  d.ctx.amd!.state = 'done';
  d.ctx.endReason ??= 'voicemail_left';
}
