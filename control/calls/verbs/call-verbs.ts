import { answerVerb } from './answer.js';
import { gatherVerb } from './gather.js';
import { hangupVerb } from './hangup.js';
import { mediaStopVerb } from './media-stop.js';
import { moveVerb } from './move.js';
import { offersVerb } from './offers.js';
import { playVerb } from './play.js';
import { recordingStartVerb } from './recording-start.js';
import { rejectVerb } from './reject.js';
import { sayVerb } from './say.js';
import { streamStartVerb } from './stream-start.js';
import { streamStopVerb } from './stream-stop.js';
import { transcriptionStartVerb } from './transcription-start.js';
import { transcriptionStopVerb } from './transcription-stop.js';
import { transferCancelVerb } from './transfer-cancel.js';
import { transferCompleteVerb } from './transfer-complete.js';
import { transferVerb } from './transfer.js';
import { VerbRegistry } from './verb-registry.js';

/** The verbs of a call (docs/verbs.md lists them; a test checks the list against this registry). */
export const callVerbs = new VerbRegistry([
  sayVerb, playVerb, gatherVerb, mediaStopVerb, recordingStartVerb, hangupVerb, streamStartVerb, streamStopVerb,
  offersVerb, transferVerb, transferCompleteVerb, transferCancelVerb, transcriptionStartVerb, transcriptionStopVerb, answerVerb, rejectVerb, moveVerb,
]);
