/**
 * Every name on the bus, in one place: JetStream streams and their subjects, request/reply and wake-up
 * subjects, KV buckets. Names are relative: the bus adapter prefixes them with SENTRAL_PREFIX, so
 * clusters and test runs sharing a NATS server never collide. Control and media both address the bus
 * through this module only, so a reader sees the whole bus at once and no two parts pick one name.
 */

// --- The mailbox: every call's commands and events, one work queue, partitioned by call id.

/** The mailbox stream: every call's commands and events, one work queue. */
export const MAILBOX_STREAM = { name: 'mailbox', subjects: ['cmd.>'], retention: 'workqueue' } as const;

/**
 * Which partition a call belongs to: FNV-1a (32 bit) of the call id, modulo the cluster's partition
 * count. Both planes use this one function, so a media event lands in the mailbox its owner consumes.
 */
export function partitionOf(callId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < callId.length; i++) {
    hash ^= callId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/** The subject of a call's mailbox: `cmd.<partition>.<callId>`. */
export function mailboxSubject(callId: string, partitions: number): string {
  return `cmd.${partitionOf(callId, partitions)}.${callId}`;
}

/** The filter of one partition's mailbox consumer: every call of the partition. */
export function partitionFilterSubject(partition: number): string {
  return `cmd.${partition}.>`;
}

/** The durable consumer of one partition's mailbox (whoever holds the partition's lease consumes it). */
export function partitionConsumer(partition: number): string {
  return `mbox-${partition}`;
}

/** The core subject an actor's reply to message `messageId` is published on, in a sender's `inbox` (see ReplySubject). */
export function replySubject(messageId: string, inbox: string): string {
  return `reply.${inbox}.${messageId}`;
}

// --- Media nodes.

/** The subject a media node answers control operations (MediaOp) on. */
export function mediaControlSubject(nodeId: string): string {
  return `media.${nodeId}`;
}

/** The subject every API process answers clip chunk requests on (protocol/media/clip-transfer.ts). */
export const CLIP_GET_SUBJECT = 'clips.get';

/** The queue group of the clip servers: each request is answered by one of them. */
export const CLIP_SERVER_QUEUE = 'clip-servers';

/**
 * The subject media nodes answer transcription requests of jobs on (protocol/transcription/transcription-job.ts),
 * in one queue group, so any node with a recognizer takes each request.
 */
export const TRANSCRIBE_SUBJECT = 'transcription.transcribe';

/** The queue group of the media nodes answering TRANSCRIBE_SUBJECT. */
export const TRANSCRIBERS_QUEUE = 'transcribers';

/** The subject media nodes report a closed transcription session on (request/reply; the control plane settles it). */
export const SESSION_SETTLE_SUBJECT = 'transcription.sessions.settle';

/** The queue group of the control-plane processes answering SESSION_SETTLE_SUBJECT. */
export const SESSION_SETTLERS_QUEUE = 'session-settlers';

/** Wakes the transcription job runners when a job is queued (core publish; a slow poll is the safety net). */
export const TRANSCRIPTION_JOBS_WAKE_SUBJECT = 'transcription.jobs.wake';

/** Wakes the rent runners when rented numbers may be due now (a top-up of a company with suspended numbers). */
export const RENT_WAKE_SUBJECT = 'numbers.rent.wake';

// --- Inbound calls.

/**
 * The durable stream of inbound calls offered by a carrier, one work queue. Offers older than ten minutes
 * are dropped: no caller waits that long for an answer.
 */
export const INBOUND_STREAM = { name: 'inbound', subjects: ['inbound.>'], retention: 'workqueue', maxAgeMs: 10 * 60 * 1000 } as const;

/** The subject an offered inbound call is published on. */
export const INBOUND_OFFERED_SUBJECT = 'inbound.offered';

// --- Webhooks.

/** Wakes webhook dispatchers when deliveries are due now (core publish, nobody answers). */
export const DISPATCHER_WAKE_SUBJECT = 'webhooks.wake';

// --- Messaging.

/** Wakes the messaging outbox senders when a message was accepted (core publish; a timer and a slow poll are the safety net). */
export const MESSAGING_OUTBOX_WAKE_SUBJECT = 'messaging.outbox.wake';

/** Wakes the campaign runners when a campaign was started or resumed (core publish; timers and a slow poll are the safety net). */
export const CAMPAIGN_RUNNER_WAKE_SUBJECT = 'messaging.campaigns.wake';

// --- KV buckets.

/** Partition leases: key `p.<n>`, value the holding worker (TTL: the lease time). */
export const PARTITION_LEASES_BUCKET = 'partitions';

/** Live actor-host workers announce themselves here (TTL: the lease time). */
export const WORKERS_BUCKET = 'workers';

/** The media-node registry: key the node id, value a MediaNodeRecord (TTL: MEDIA_NODE_TTL_MS). */
export const MEDIA_NODES_BUCKET = 'media-nodes';

/** Phones defined on the simulated network at runtime: key the number's digits, value a SimPhoneRecord. */
export const SIM_PHONES_BUCKET = 'sim-phones';

/** The room tokens' public key, published by the control plane for media nodes (key `current`). */
export const ROOM_KEYS_BUCKET = 'room-keys';
