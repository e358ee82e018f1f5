import type { FastifyRequest } from 'fastify';
import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Command, GatherRequest, type GatherResult } from '../../../protocol/calls/command.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { checkVoice } from '../../api/voice-param.js';
import type { CommandRecord } from '../machines/call-context.js';
import type { CallDraft } from '../machines/call-draft.js';
import { commandBody } from '../machines/call-view.js';
import { finishCommand, issueCommand } from '../machines/command-machine.js';
import { DEFAULT_GATHER_TIMEOUT_SECONDS, pressKey, stopped, timedOut } from '../machines/gather.js';
import { admitCommand, askCommand, checkClip } from './command-verb.js';
import { CLIP_RESULT_WINDOW_MS, sayWindowMs } from './playback.js';
import { defineVerb, type VerbRequest } from './verb.js';

type GatherEvent = Extract<CallRequestEvent, { type: 'command.gather' }>;

/** A gather is complete: its result is kept, call.gather.completed recorded, and the command completed. */
function completeGather(d: CallDraft, c: CommandRecord, result: GatherResult): void {
  if (c.state !== 'issued' || c.gather === null) return;
  c.gather.result = result;
  c.gather.prompting = false;
  d.record('call.gather.completed', { commandId: c.id, ...result });
  finishCommand(d, c, 'completed', null);
}

function listen(d: CallDraft, c: CommandRecord): void {
  d.cancelTimers(c.id, ['gather']);
  d.setTimer('gather', c.id, d.at + c.gather!.timeoutMs);
}

/** Starts a gather's wait for keys (when it has no question, or the question ended). */
function startListening(d: CallDraft, c: CommandRecord): void {
  c.gather!.prompting = false;
  d.cancelTimers(c.id, ['commandAck', 'commandResult']);
  listen(d, c);
}

/** Before validation, so that asking for speech is told apart from a malformed body. */
async function refuseSpeech(request: FastifyRequest): Promise<void> {
  const input = (request.body as { input?: unknown } | null)?.input;
  if (Array.isArray(input) && input.includes('speech')) throw new SentralError('speech_input_unavailable', { param: 'input' });
  await checkVoice(request);
}

/**
 * gather: reads a question (text or clip) and listens for keys. A key during the question stops it
 * (barge-in); the gather completes on the finish key, numDigits keys, a choice matched, the wait running
 * out, or media/stop. One gather runs at a time.
 */
export const gatherVerb = defineVerb<GatherEvent>({
  name: 'gather',
  event: 'command.gather',
  route: {
    path: 'gather',
    summary: 'Ask (text or clip) and gather keys; the result arrives as call.gather.completed',
    scope: 'calls:write',
    idempotency: 'required',
    body: GatherRequest,
    response: { 201: Command, 200: Command },
    preValidation: refuseSpeech,
    handle: async (r: VerbRequest<GatherRequest>) => {
      const { text, audioClipId, voice, numDigits, finishOnKey, timeoutSeconds, choices } = r.body;
      if (text !== undefined && audioClipId !== undefined) {
        throw new SentralError('invalid_request', { message: 'Ask with text or audioClipId, not both.', param: 'audioClipId' });
      }
      await checkClip(r, audioClipId);
      return askCommand(r, 'command.gather', { text, clipId: audioClipId, voice, numDigits, finishOnKey, timeoutSeconds, choices });
    },
  },
  live(d, e) {
    if (!admitCommand(d, e)) return;
    if (d.ctx.commands.some((c) => c.gather !== null && c.state === 'issued')) return d.refuse('gather_in_progress');
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
      gather: {
        prompting: prompt !== null,
        numDigits: e.numDigits ?? null,
        finishOnKey: e.finishOnKey ?? '#',
        timeoutMs: (e.timeoutSeconds ?? DEFAULT_GATHER_TIMEOUT_SECONDS) * 1000,
        choices: e.choices ?? [],
        digits: '',
        result: null,
      },
    });
    if (prompt === null) startListening(d, cmd);
    d.reply(commandBody(d.ctx, cmd), 201);
  },
  command: {
    action: 'gather',
    outcome: 'call.gather.completed (keys, timeout, media/stop) → completed; the question failing → failed',
    onMedia(d, c, e) {
      if (e.type !== 'playback.ended' || c.state !== 'issued' || !c.gather!.prompting) return;
      d.record('call.playback.ended', { commandId: c.id, outcome: e.outcome });
      if (e.outcome === 'failed') return finishCommand(d, c, 'failed', 'playback_failed');
      startListening(d, c);
    },
    onKey(d, c, digit) {
      const g = c.gather!;
      if (g.prompting) {
        d.op({ op: 'stopMedia', commandId: c.id });
        startListening(d, c);
      }
      const done = pressKey(g, digit);
      if (done !== null) completeGather(d, c, done);
      else listen(d, c);
    },
    onTimer(d, c, kind) {
      if (kind === 'gather') completeGather(d, c, timedOut(c.gather!));
    },
    stop(d, c) {
      completeGather(d, c, stopped(c.gather!));
    },
  },
});
