// Generated from the sentral OpenAPI document by `npm run client:generate`; do not edit.
import type { components } from './schema.js';

/** Every event type sentral sends (the OpenAPI document's `webhooks`) and its envelope, `data` typed. */
export interface SentralEvents {
  /** A number with inboundMode api is called: answer, route or reject it before decideBy. */
  "call.incoming": components['schemas']["CallIncomingEvent"];
  /** The dialled party's phone rings. */
  "call.ringing": components['schemas']["CallRingingEvent"];
  /** The dialled party answered (before its call.participant.joined). */
  "call.answered": components['schemas']["CallAnsweredEvent"];
  /** The call ended: its duration, reason and everything it drew from the balance, item by item. */
  "call.ended": components['schemas']["CallEndedEvent"];
  /** A participant joined the call (phone, SIP, app, stream, operator…). */
  "call.participant.joined": components['schemas']["CallParticipantJoinedEvent"];
  /** A participant left the call, and why. */
  "call.participant.left": components['schemas']["CallParticipantLeftEvent"];
  /** A participant's mute, hold or audio mode changed. */
  "call.participant.updated": components['schemas']["CallParticipantUpdatedEvent"];
  /** A command (play, say, gather, record, transfer…) finished as asked. */
  "call.command.completed": components['schemas']["CallCommandCompletedEvent"];
  /** A command could not be carried out; reason says why. */
  "call.command.failed": components['schemas']["CallCommandFailedEvent"];
  /** A command whose outcome is unknown (its media node was lost mid-way). */
  "call.command.uncertain": components['schemas']["CallCommandUncertainEvent"];
  /** A clip or text read aloud finished, was stopped, or failed. */
  "call.playback.ended": components['schemas']["CallPlaybackEndedEvent"];
  /** A gather ended with the digits or speech it heard. */
  "call.gather.completed": components['schemas']["CallGatherCompletedEvent"];
  /** A key was pressed outside a gather. */
  "call.dtmf.received": components['schemas']["CallDtmfReceivedEvent"];
  /** A recording is stored and can be downloaded. */
  "call.recording.ready": components['schemas']["CallRecordingReadyEvent"];
  /** An offered call was taken; acceptedBy names who took it. */
  "call.offer.accepted": components['schemas']["CallOfferAcceptedEvent"];
  /** An offer ran out; expiry says why. */
  "call.offer.expired": components['schemas']["CallOfferExpiredEvent"];
  /** A transfer began. */
  "call.transfer.started": components['schemas']["CallTransferStartedEvent"];
  /** The target of a warm transfer answered the operator. */
  "call.transfer.answered": components['schemas']["CallTransferAnsweredEvent"];
  /** The transfer completed: the caller talks to the target. */
  "call.transfer.completed": components['schemas']["CallTransferCompletedEvent"];
  /** The transfer was cancelled (by the API, or the caller left). */
  "call.transfer.cancelled": components['schemas']["CallTransferCancelledEvent"];
  /** The target could not be reached; the caller is back with the operator. */
  "call.transfer.failed": components['schemas']["CallTransferFailedEvent"];
  /** Answering machine detection decided who answered an outbound call. */
  "call.machineDetected": components['schemas']["CallMachineDetectedEvent"];
  /** Live transcription heard the end of one participant's utterance. */
  "call.transcription.segment": components['schemas']["CallTranscriptionSegmentEvent"];
  /** The call ended and its transcript is complete (GET /v1/calls/{id}/transcript). */
  "call.transcript.ready": components['schemas']["CallTranscriptReadyEvent"];
  /** An SMS moved to a new state (sent, delivered, failed…), with its price and reason. */
  "sms.status": components['schemas']["SmsStatusEvent"];
  /** Someone texted one of the company's numbers. */
  "sms.received": components['schemas']["SmsReceivedEvent"];
  /** An email moved to a new state (sent, delivered, bounced…), with its price and reason. */
  "email.status": components['schemas']["EmailStatusEvent"];
  /** A letter moved to a new state (delivered digitally, printed, failed…), with its price and reason. */
  "letter.status": components['schemas']["LetterStatusEvent"];
  /** A campaign started sending. */
  "campaign.started": components['schemas']["CampaignStartedEvent"];
  /** A campaign sent to every recipient. */
  "campaign.completed": components['schemas']["CampaignCompletedEvent"];
  /** A campaign was canceled; what it had not sent is not sent. */
  "campaign.canceled": components['schemas']["CampaignCanceledEvent"];
  /** A number was rented and its first month drawn. */
  "number.rented": components['schemas']["NumberRentedEvent"];
  /** A number left the company. */
  "number.released": components['schemas']["NumberReleasedEvent"];
  /** A month's rent could not be drawn; the number is held until a top-up pays it. */
  "number.suspended": components['schemas']["NumberSuspendedEvent"];
  /** A number's rent was drawn for more months. */
  "number.renewed": components['schemas']["NumberRenewedEvent"];
  /** A transcription job finished; read the transcript at GET /v1/transcription/jobs/{id}. */
  "transcription.job.completed": components['schemas']["TranscriptionJobCompletedEvent"];
  /** A transcription job failed; failureReason says why, nothing is drawn. */
  "transcription.job.failed": components['schemas']["TranscriptionJobFailedEvent"];
  /** A live transcription session closed or expired, with what it drew. */
  "transcription.session.ended": components['schemas']["TranscriptionSessionEndedEvent"];
  /** Sent by POST /v1/webhook-endpoints/{id}/test to that endpoint only, whatever its filter. */
  "webhook.test": components['schemas']["WebhookTestEvent"];
}

/** The name of an event type, e.g. `call.ended`. */
export type SentralEventType = keyof SentralEvents;

/** Any event: narrow it on `type` to get its `data`. */
export type SentralEvent = SentralEvents[SentralEventType];

/** Every event type, in the order of the catalogue. */
export const eventTypes: readonly SentralEventType[] = [
  "call.incoming",
  "call.ringing",
  "call.answered",
  "call.ended",
  "call.participant.joined",
  "call.participant.left",
  "call.participant.updated",
  "call.command.completed",
  "call.command.failed",
  "call.command.uncertain",
  "call.playback.ended",
  "call.gather.completed",
  "call.dtmf.received",
  "call.recording.ready",
  "call.offer.accepted",
  "call.offer.expired",
  "call.transfer.started",
  "call.transfer.answered",
  "call.transfer.completed",
  "call.transfer.cancelled",
  "call.transfer.failed",
  "call.machineDetected",
  "call.transcription.segment",
  "call.transcript.ready",
  "sms.status",
  "sms.received",
  "email.status",
  "letter.status",
  "campaign.started",
  "campaign.completed",
  "campaign.canceled",
  "number.rented",
  "number.released",
  "number.suspended",
  "number.renewed",
  "transcription.job.completed",
  "transcription.job.failed",
  "transcription.session.ended",
  "webhook.test"
];
