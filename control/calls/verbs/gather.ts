import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import type { GatherResult } from '../../../protocol/calls/command.js';
import type { CommandRecord, ParticipantRecord } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';
import { commandBody } from '../context/reply-bodies.js';
import { admitCommand, finishCommand, issueCommand } from '../machines/command-machine.js';
import { DEFAULT_GATHER_TIMEOUT_SECONDS, pressKey, speechPhrases, spoke, stopped, timedOut, type GatherRecord } from './gather-result.js';
import { CLIP_RESULT_WINDOW_MS, sayWindowMs } from './playback.js';
import { defineVerb } from './verb.js';

type GatherEvent = Extract<CallRequestEvent, { type: 'command.gather' }>;

/** The gather a command keeps in its slot (null: the command is no gather). */
function gatherOf(c: CommandRecord): GatherRecord | null {
  return c.action === 'gather' ? (c.slot as GatherRecord | null) : null;
}

/** The gather's own timer: the wait for a key or the caller's speech. */
const GATHER_TIMER = 'verb.gather';

/** Longest an utterance may take from its start to its result (the recognizer cuts at 15 s) before the wait resumes. */
export const SPEECH_RESULT_WINDOW_MS = 30_000;

/** A gather is complete: its result is kept, call.gather.completed recorded, listening stopped, and the command completed. */
function completeGather(d: CallDraft, c: CommandRecord, result: GatherResult): void {
  const g = gatherOf(c);
  if (c.state !== 'issued' || g === null) return;
  g.result = result;
  g.prompting = false;
  const speech = g.speech;
  if (speech?.listening) {
    speech.listening = false;
    d.op({ op: 'stopListening', commandId: c.id });
  }
  d.record('call.gather.completed', { commandId: c.id, ...result });
  finishCommand(d, c, 'completed', null);
}

/** (Re)arms the wait for input; while the caller is speaking, the wait is for the utterance's result instead. */
function listen(d: CallDraft, c: CommandRecord): void {
  d.cancelTimers(c.id, [GATHER_TIMER]);
  d.setTimer(GATHER_TIMER, c.id, d.at + (gatherOf(c)!.speech?.speaking ? SPEECH_RESULT_WINDOW_MS : gatherOf(c)!.timeoutMs));
}

/** Starts a gather's wait for keys or speech (when it has no question, or the question ended). */
function startListening(d: CallDraft, c: CommandRecord): void {
  gatherOf(c)!.prompting = false;
  d.cancelTimers(c.id, ['commandAck', 'commandResult']);
  listen(d, c);
}

/** Whose speech a gather hears: the dialled phone (or the caller), else the first phone, else the first app user in the call. */
function speaker(d: CallDraft): ParticipantRecord | undefined {
  const joined = d.ctx.participants.filter((p) => p.state === 'joined' && !p.virtual);
  return joined.find((p) => p.id === d.ctx.primaryId) ?? joined.find((p) => p.kind === 'phone') ?? joined.find((p) => p.kind === 'app');
}

/**
 * gather: reads a question (text or clip) and listens for keys, speech or both. A key or the caller's voice
 * during the question stops it (barge-in; the media node stops it at once on voice); the gather completes on
 * the finish key, numDigits keys, a choice matched by keys, an utterance recognized (outcome speech, with
 * the choice whose phrase was said, or null), the wait running out, or media/stop. One gather runs at a time.
 * Speech is heard from the dialled phone (or the caller), else the first phone or app user in the call.
 */
export const gatherVerb = defineVerb<GatherEvent>({
  name: 'gather',
  event: 'command.gather',
  live(d, e) {
    if (!admitCommand(d, e)) return;
    if (d.ctx.commands.some((c) => gatherOf(c) !== null && c.state === 'issued')) return d.refuse('gather_in_progress');
    const wantsSpeech = e.input?.includes('speech') ?? false;
    const listener = wantsSpeech ? speaker(d) : undefined;
    if (wantsSpeech && listener === undefined) return d.refuse('invalid_request', 'input');
    const prompt =
      e.text !== undefined
        ? { op: 'say' as const, commandId: e.commandId, text: e.text, ...(e.voice ? { voice: e.voice } : {}) }
        : e.clipId !== undefined
          ? { op: 'play' as const, commandId: e.commandId, clipId: e.clipId }
          : null;
    const cmd = issueCommand(d, {
      id: e.commandId,
      action: 'gather',
      op: prompt,
      playback: prompt !== null,
      resultWindowMs: e.text !== undefined ? sayWindowMs(e.text, 1) : CLIP_RESULT_WINDOW_MS,
      slot: {
        prompting: prompt !== null,
        numDigits: e.numDigits ?? null,
        finishOnKey: e.finishOnKey ?? '#',
        timeoutMs: (e.timeoutSeconds ?? DEFAULT_GATHER_TIMEOUT_SECONDS) * 1000,
        choices: e.choices ?? [],
        digits: '',
        result: null,
        speech: null,
      },
    });
    if (listener !== undefined) {
      const { phrases } = speechPhrases(e.choices ?? []);
      const opId = d.op({ op: 'listen', commandId: e.commandId, legId: listener.id, ...(phrases.length > 0 ? { phrases } : {}), bargeIn: prompt !== null });
      gatherOf(cmd)!.speech = { legId: listener.id, opId, listening: true, speaking: false };
    }
    if (prompt === null) startListening(d, cmd);
    d.reply(commandBody(d.ctx, cmd), 201);
  },
  command: {
    action: 'gather',
    outcome: 'call.gather.completed (keys, speech, timeout, media/stop) → completed; the question failing → failed',
    onMedia(d, c, e) {
      if (c.state !== 'issued') return;
      const g = gatherOf(c)!;
      const speech = g.speech;
      switch (e.type) {
        case 'playback.ended':
          if (!g.prompting) return;
          d.record('call.playback.ended', { commandId: c.id, outcome: e.outcome });
          if (e.outcome === 'failed') return finishCommand(d, c, 'failed', 'playback_failed');
          return startListening(d, c);
        case 'speech.started':
          if (!speech?.listening) return;
          speech.speaking = true;
          // The node stopped the question itself (barge-in); its playback.ended follows.
          if (!g.prompting) listen(d, c);
          return;
        case 'speech.recognized':
          if (!speech?.listening) return;
          speech.listening = false;
          return completeGather(d, c, spoke(g, e.text, e.confidence, e.phrase));
        case 'speech.failed':
        case 'media.op.result':
          if (!speech?.listening || (e.type === 'media.op.result' && (e.opId !== speech.opId || e.ok))) return;
          // Speech cannot be heard (the recognizer failed or the node refused): the gather goes on with keys.
          speech.listening = false;
          speech.speaking = false;
          if (!g.prompting) listen(d, c);
          return;
      }
    },
    ownsOp: (c, opId) => gatherOf(c)?.speech?.opId === opId,
    onKey(d, c, digit) {
      const g = gatherOf(c)!;
      if (g.prompting) {
        d.op({ op: 'stopMedia', commandId: c.id });
        startListening(d, c);
      }
      const done = pressKey(g, digit);
      if (done !== null) completeGather(d, c, done);
      else listen(d, c);
    },
    onTimer(d, c, kind) {
      if (kind === GATHER_TIMER) completeGather(d, c, timedOut(gatherOf(c)!));
    },
    stop(d, c) {
      completeGather(d, c, stopped(gatherOf(c)!));
    },
  },
});
