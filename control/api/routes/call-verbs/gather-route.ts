import { Command, GatherRequest } from '../../../../protocol/calls/command.js';
import { SentralError } from '../../../../shared/errors/sentral-error.js';
import { askCommand, checkClip } from './command-route.js';
import { checkVoice } from '../../voice-param.js';
import { defineVerbRoute, type VerbRequest } from './verb-route.js';

/** The request's own checks beyond its schema: speech needs words to listen for, a choice needs a way to be chosen. */
function checkGather(body: GatherRequest): void {
  const speech = body.input?.includes('speech') ?? false;
  for (const [i, choice] of (body.choices ?? []).entries()) {
    if (choice.digits === undefined && choice.phrases === undefined) {
      throw new SentralError('invalid_request', { message: 'A choice needs digits, phrases or both.', param: `choices.${i}` });
    }
    if (choice.phrases !== undefined && !speech) {
      throw new SentralError('invalid_request', { message: 'phrases need input ["speech"] or ["dtmf", "speech"].', param: `choices.${i}.phrases` });
    }
    for (const [k, phrase] of (choice.phrases ?? []).entries()) {
      if (!/[\p{L}\p{N}]/u.test(phrase)) {
        throw new SentralError('invalid_request', { message: 'A phrase needs a letter or a digit.', param: `choices.${i}.phrases.${k}` });
      }
    }
  }
  if (body.input !== undefined && !body.input.includes('dtmf') && (body.numDigits !== undefined || body.finishOnKey !== undefined)) {
    throw new SentralError('invalid_request', { message: 'numDigits and finishOnKey need input "dtmf".', param: 'input' });
  }
}

/** gather: POST /v1/calls/:id/gather: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/gather.ts). */
export const gatherRoute = defineVerbRoute({
  verb: 'gather',
  path: 'gather',
  summary: 'Ask (text or clip) and gather keys; the result arrives as call.gather.completed',
  scope: 'calls:write',
  idempotency: 'required',
  body: GatherRequest,
  response: { 201: Command, 200: Command },
  preValidation: checkVoice,
  handle: async (r: VerbRequest<GatherRequest>) => {
    const { text, audioClipId, voice, numDigits, finishOnKey, timeoutSeconds, choices, input } = r.body;
    checkGather(r.body);
    if (text !== undefined && audioClipId !== undefined) {
      throw new SentralError('invalid_request', { message: 'Ask with text or audioClipId, not both.', param: 'audioClipId' });
    }
    await checkClip(r, audioClipId);
    return askCommand(r, 'command.gather', { text, clipId: audioClipId, voice, numDigits, finishOnKey, timeoutSeconds, choices, input });
  },
});
