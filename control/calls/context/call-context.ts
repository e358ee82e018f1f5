import type { CallEndReason, CallState, Metadata, PriceItem } from '../../../protocol/calls/call.js';
import type { CallActorInput, Charge, InboundLaunch, StreamLaunch } from '../../../protocol/calls/call-actor.js';
import type { CommandAction, CommandState } from '../../../protocol/calls/command.js';
import type { OfferRecord, TransferRecord } from './handover-records.js';
import type { AudioMode, ParticipantKind, ParticipantLeftReason, ParticipantState } from '../../../protocol/calls/participant.js';
import type { InboundWindow } from './inbound-window.js';

/**
 * A timer a verb arms for its own command (`d.setTimer('verb.<name>', commandId, at)`): the core knows no
 * verb's timers and hands its firing to the verb (command.onTimer) while the command is issued.
 */
export type VerbTimerKind = `verb.${string}`;

/** What a durable timer is for; `subjectId` names the participant or command it concerns. */
export type TimerKind =
  | 'callPaid'
  | 'ring'
  | 'participantPaid'
  | 'token'
  | 'join'
  | 'grace'
  | 'streamMax'
  | 'testLimit'
  | 'commandAck'
  | 'commandResult'
  | 'recordings'
  | 'offer'
  | 'decideBy'
  | VerbTimerKind;

/** An armed timer, kept so that a firing of a cancelled or replaced timer is recognised and ignored. */
export interface TimerRecord {
  kind: TimerKind;
  subjectId: string;
}

/** A participant as plain data inside the call's context (docs/calls.md explains why not a child actor). */
export interface ParticipantRecord {
  id: string;
  kind: ParticipantKind;
  state: ParticipantState;
  to: string | null;
  displayName: string | null;
  externalRef: string | null;
  muted: boolean;
  held: boolean;
  audioMode: AudioMode;
  addedAt: number;
  joinedAt: number | null;
  leftAt: number | null;
  leftReason: ParticipantLeftReason | null;
  /** Its own reservation (bots, streams, participants added later); null: the call's charge covers it. */
  charge: Charge | null;
  /** What its own reservation drew, once settled (it left); absent before and without a reservation. */
  settled?: PriceItem;
  /** When its paid time ends once it is in the call; null until then or when the call's paid time rules. */
  paidUntil: number | null;
  /**
   * App and bot: the window and generation of the room token (null for a test-key bot and other kinds). Each
   * new token bumps the generation, which supersedes the older tokens (snapshots from before read as 1).
   */
  token: { notBefore: number; expiresAt: number; generation: number } | null;
  /** A bot under a test key: no room, no leg, free, at most a minute. */
  virtual: boolean;
  /** The addLeg op, so a refusal by the media node is traced back to this participant. */
  legOpId: string | null;
  /** Stream only. */
  stream: (Omit<StreamLaunch, 'charge'> & { maxMinutes: number }) | null;
  /** Kind call only: the other call of a move (the caller's own call, or the call it was moved into). */
  linkedCallId?: string;
}

/** Answering-machine detection: its settings and progress (detecting → decided; voicemail_drop: waiting → dropping → done). */
export type AmdRecord = NonNullable<CallActorInput['amd']> & {
  state: 'idle' | 'detecting' | 'waiting' | 'dropping' | 'done';
  result: 'human' | 'machine' | 'unknown' | null;
};

/** What a verb keeps in its command (a plain JSON object, stored with the call). */
export type CommandSlot = object;

/** A command as plain data inside the call's context. */
export interface CommandRecord {
  id: string;
  action: CommandAction;
  state: CommandState;
  reason: string | null;
  issuedAt: number;
  finishedAt: number | null;
  /** The media op that carries it out (null: nothing sent, e.g. a gather without a question). */
  opId: string | null;
  acked: boolean;
  /** say, play, or a gather's question: ends with playback.ended. */
  playback: boolean;
  /** Estimated ms the playback takes at most, once acknowledged, before the outcome is uncertain. */
  resultWindowMs: number;
  /**
   * The state its verb keeps (a gather's keys, question and speech; a recording's id), read and written by
   * the verb's module alone; a `result` in it is the command's result (GET /v1/calls/:id/commands/:id).
   * null: the verb keeps none.
   */
  slot: CommandSlot | null;
  /** Its own reservation (a recording started during the call), settled when the call ends; null: none. */
  charge: Charge | null;
  /** When its charge stopped running before the call's end (live transcription stopped); absent: at the end. */
  chargeUntil?: number;
}

/** A transcription of the call: post-call (`recorded`, from the answer) or live (a transcription.start command). */
export interface TranscriptionRecord {
  id: string;
  mode: 'recorded' | 'live';
  /** The transcription.start command (live only). */
  commandId: string | null;
  /** running until the node reports it ended; stopping after transcription/stop; given_up when it never did. */
  state: 'running' | 'stopping' | 'ended' | 'given_up';
  segments: number;
  /** Utterances that could not be transcribed, or the whole transcription failed. */
  incomplete: boolean;
  /** The op that started it (post-call), so a refusal ends it; null for live (its command's op). */
  opId: string | null;
}

/** The outcome of the call's money, fixed at its end. */
export interface CallResult {
  durationSeconds: number;
  /** Started minutes of the call's own charge. */
  countedMinutes: number;
  /** Everything the call drew: the sum of its items. */
  priceOre: number;
  items: PriceItem[];
}

/** What an inbound call keeps: its offer and number, its decision window, and what its answer or routing set going. */
export interface InboundRecord {
  offerId: string;
  carrier: InboundLaunch['carrier'];
  numberId: string;
  window: InboundWindow;
  /** When the decision window ends (`inboundMode: api`); null when the routing ran at once. */
  decideBy: number | null;
  /** The caller hears the waiting tone (held on the node) until the next action. */
  waitingTone: boolean;
  /** The routing that ran, while its reservation is awaited (then null again). */
  routingPending: InboundWindow['routing'] | { type: 'end' } | null;
  /** Routing `message`: its say command; the call ends when it has played. */
  messageCommandId: string | null;
  /** Routing `forward` or `browser`: the participants rung; the caller is answered when the first joins. */
  routeTargets: string[];
  /** answerLeg was sent for the caller (once). */
  answerSent: boolean;
}

/** Context of the call machine: everything a snapshot must carry to continue after a restore. */
export interface CallContext {
  callId: string;
  companyId: string;
  profileId: string;
  mode: 'live' | 'test';
  media: { nodeId: string; roomUrl: string };
  to: string | null;
  from: string | null;
  conference: boolean;
  externalRef: string | null;
  metadata: Metadata;
  assignedTo: string | null;
  ringTimeoutMs: number;
  /** The API state: kept in context so that a reply computed mid-transition shows the state being entered. */
  status: CallState;
  endReason: CallEndReason | null;
  createdAt: number;
  /** When the call was answered (or created, for a call without a dialled phone): billing starts here. */
  answeredAt: number | null;
  endedAt: number | null;
  /** When the call's paid time runs out; set when billing starts. */
  paidUntil: number | null;
  charge: Charge;
  result: CallResult | null;
  primaryId: string | null;
  greeting: CallActorInput['greeting'];
  /** Answering-machine detection of the dialled phone and where it stands; absent or null: none. */
  amd?: AmdRecord | null;
  recordingOnAnswer: CallActorInput['recording'];
  streamOnAnswer: StreamLaunch | null;
  participants: ParticipantRecord[];
  commands: CommandRecord[];
  /** The post-call transcription to start with the answer (absent in snapshots older than transcription). */
  transcriptionOnAnswer?: { transcriptionId: string } | null;
  /** Transcriptions started (absent in older snapshots: none). */
  transcriptions?: TranscriptionRecord[];
  /** True once call.transcript.ready is recorded. */
  transcriptReady?: boolean;
  /** Recording ids started and not yet reported ready or failed. */
  recordingsPending: Array<{ recordingId: string; commandId: string }>;
  timers: Record<string, TimerRecord>;
  /** The openSession op: a refusal ends the call as failed. */
  sessionOpId: string | null;
  /** Counter for op and timer ids, so a replay makes the same ids. */
  seq: number;
  /** The latest offer (absent in snapshots from before offers existed). */
  offer?: OfferRecord | null;
  /** The latest transfer (absent in snapshots from before transfers existed). */
  transfer?: TransferRecord | null;
  /** An inbound call's offer, number and decision window; null for an outbound call. */
  inbound: InboundRecord | null;
  /** The call the caller was moved into and the link participant carrying it there (absent before moves existed). */
  moved?: { callId: string; participantId: string } | null;
  /** The queue the caller waits in, and since when (absent before queues existed). */
  queue?: { name: string; enqueuedAt: number } | null;
}
