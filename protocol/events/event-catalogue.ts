import type { TObject } from 'typebox';
import { callEventSchemas } from '../calls/call-events.js';
import { SmsReceivedData, SmsStatusData } from '../messaging/sms.js';
import { EmailStatusData } from '../messaging/email.js';
import { LetterStatusData } from '../messaging/letter.js';
import { campaignEventSchemas } from '../messaging/campaign.js';
import { numberEventSchemas } from '../api/numbers.js';
import { transcriptionJobEventSchemas } from '../transcription/transcription-job.js';
import { WebhookTestData } from '../webhooks/webhook-endpoint.js';

/** One event type: when it is sent, and the schema of its `data` (always with `mode` and `profileId`). */
export interface EventDescription {
  summary: string;
  data: TObject;
}

const schemas = {
  ...callEventSchemas,
  'sms.status': SmsStatusData,
  'sms.received': SmsReceivedData,
  'email.status': EmailStatusData,
  'letter.status': LetterStatusData,
  ...campaignEventSchemas,
  ...numberEventSchemas,
  ...transcriptionJobEventSchemas,
  'webhook.test': WebhookTestData,
} as const;

/** Every event type sentral records and delivers. */
export type EventType = keyof typeof schemas;

const summaries: Readonly<Record<EventType, string>> = {
  'call.incoming': 'A number with inboundMode api is called: answer, route or reject it before decideBy.',
  'call.ringing': "The dialled party's phone rings.",
  'call.answered': 'The dialled party answered (before its call.participant.joined).',
  'call.ended': 'The call ended: its duration, reason and everything it drew from the balance, item by item.',
  'call.participant.joined': 'A participant joined the call (phone, SIP, app, stream, operator…).',
  'call.participant.left': 'A participant left the call, and why.',
  'call.participant.updated': "A participant's mute, hold or audio mode changed.",
  'call.command.completed': 'A command (play, say, gather, record, transfer…) finished as asked.',
  'call.command.failed': 'A command could not be carried out; reason says why.',
  'call.command.uncertain': 'A command whose outcome is unknown (its media node was lost mid-way).',
  'call.playback.ended': 'A clip or text read aloud finished, was stopped, or failed.',
  'call.gather.completed': 'A gather ended with the digits or speech it heard.',
  'call.dtmf.received': 'A key was pressed outside a gather.',
  'call.recording.ready': 'A recording is stored and can be downloaded.',
  'call.offer.accepted': 'An offered call was taken; acceptedBy names who took it.',
  'call.offer.expired': 'An offer ran out; expiry says why.',
  'call.transfer.started': 'A transfer began.',
  'call.transfer.answered': 'The target of a warm transfer answered the operator.',
  'call.transfer.completed': 'The transfer completed: the caller talks to the target.',
  'call.transfer.cancelled': 'The transfer was cancelled (by the API, or the caller left).',
  'call.transfer.failed': 'The target could not be reached; the caller is back with the operator.',
  'call.machineDetected': 'Answering machine detection decided who answered an outbound call.',
  'call.transcription.segment': "Live transcription heard the end of one participant's utterance.",
  'call.transcript.ready': "The call ended and its transcript is complete (GET /v1/calls/{id}/transcript).",
  'sms.status': 'An SMS moved to a new state (sent, delivered, failed…), with its price and reason.',
  'sms.received': "Someone texted one of the company's numbers.",
  'email.status': 'An email moved to a new state (sent, delivered, bounced…), with its price and reason.',
  'letter.status': 'A letter moved to a new state (delivered digitally, printed, failed…), with its price and reason.',
  'campaign.started': 'A campaign started sending.',
  'campaign.completed': 'A campaign sent to every recipient.',
  'campaign.canceled': 'A campaign was canceled; what it had not sent is not sent.',
  'number.rented': 'A number was rented and its first month drawn.',
  'number.released': 'A number left the company.',
  'number.suspended': "A month's rent could not be drawn; the number is held until a top-up pays it.",
  'number.renewed': "A number's rent was drawn for more months.",
  'transcription.job.completed': 'A transcription job finished; read the transcript at GET /v1/transcription/jobs/{id}.',
  'transcription.job.failed': 'A transcription job failed; failureReason says why, nothing is drawn.',
  'transcription.session.ended': 'A live transcription session closed or expired, with what it drew.',
  'webhook.test': 'Sent by POST /v1/webhook-endpoints/{id}/test to that endpoint only, whatever its filter.',
};

/**
 * The event catalogue: every event type and the schema of its data, the schemas the code emits with.
 * The OpenAPI document's `webhooks`, docs/events.md and the client's event types are made from it.
 */
export const eventCatalogue: Readonly<Record<EventType, EventDescription>> = Object.fromEntries(
  Object.entries(schemas).map(([type, data]) => [type, { summary: summaries[type as EventType], data }]),
) as unknown as Record<EventType, EventDescription>;

/** Whether a name is a catalogued event type. */
export function isEventType(type: string): type is EventType {
  return Object.hasOwn(schemas, type);
}
