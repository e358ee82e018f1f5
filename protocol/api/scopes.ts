/** One scope an API key can hold, and the operations that need it. */
export interface ScopeEntry {
  scope: string;
  description: string;
  /** `METHOD /path` of every operation that needs this scope (path parameters written :name). */
  operations: readonly string[];
}

/**
 * Every scope and which operation needs which. This table is the source of the published scope list:
 * routes name their scope from it, the OpenAPI document shows it per operation, and a test checks that
 * every registered route needs a scope listed here.
 */
export const scopeCatalogue = [
  { scope: 'profiles:read', description: 'Read profiles and their limits.', operations: ['GET /v1/profiles', 'GET /v1/profiles/:slug', 'GET /v1/profiles/:slug/senders'] },
  {
    scope: 'profiles:manage',
    description: 'Create, change and archive profiles and set their spending limits.',
    operations: ['POST /v1/profiles', 'PATCH /v1/profiles/:slug', 'POST /v1/profiles/:slug/archive', 'PUT /v1/profiles/:slug/limit',
      'POST /v1/profiles/:slug/senders', 'DELETE /v1/profiles/:slug/senders/:sender'],
  },
  { scope: 'usage:read', description: "Read usage per profile and period, and the company's prices.", operations: ['GET /v1/profiles/:slug/usage', 'GET /v1/usage', 'GET /v1/prices'] },
  { scope: 'balance:read', description: 'Read the company balance and its open reservations.', operations: ['GET /v1/balance'] },
  { scope: 'numbers:read', description: 'List numbers available to rent, and read the numbers rented.', operations: ['GET /v1/available-numbers', 'GET /v1/numbers', 'GET /v1/numbers/:id'] },
  {
    scope: 'numbers:write',
    description: 'Rent numbers (the first month is paid at once), configure them and delete them (released at the end of the paid month).',
    operations: ['POST /v1/numbers', 'PATCH /v1/numbers/:id', 'DELETE /v1/numbers/:id'],
  },
  {
    scope: 'keys:manage',
    description: 'Create, list and revoke API keys (never with more power than the key used).',
    operations: ['POST /v1/api-keys', 'GET /v1/api-keys', 'GET /v1/api-keys/:id', 'DELETE /v1/api-keys/:id'],
  },
  {
    scope: 'calls:write',
    description: 'Start calls and control them: participants, say, play, gather, recording, transfer, hangup, inbound decisions, moves and dequeues.',
    operations: [
      'POST /v1/calls', 'PATCH /v1/calls/:id', 'POST /v1/calls/:id/participants', 'PATCH /v1/calls/:id/participants/:participantId',
      'DELETE /v1/calls/:id/participants/:participantId', 'POST /v1/calls/:id/participants/:participantId/token',
      'POST /v1/calls/:id/say', 'POST /v1/calls/:id/play', 'POST /v1/calls/:id/gather', 'POST /v1/calls/:id/dtmf',
      'POST /v1/calls/:id/media/stop', 'POST /v1/calls/:id/recording/start', 'POST /v1/calls/:id/transcription/start', 'POST /v1/calls/:id/transcription/stop',
      'POST /v1/calls/:id/hangup', 'POST /v1/calls/:id/answer', 'POST /v1/calls/:id/offers', 'POST /v1/calls/:id/transfer',
      'POST /v1/calls/:id/transfer/complete', 'POST /v1/calls/:id/transfer/cancel', 'POST /v1/calls/:id/move', 'POST /v1/calls/:id/reject',
      'POST /v1/queues/:name/dequeue',
    ],
  },
  {
    scope: 'calls:read',
    description: 'Read calls, their commands, streams, recordings and transcripts, and queues.',
    operations: [
      'GET /v1/calls', 'GET /v1/calls/:id', 'GET /v1/calls/:id/transcript', 'GET /v1/calls/:id/commands/:commandId', 'GET /v1/calls/:id/streams/:streamId',
      'GET /v1/calls/:id/recordings', 'GET /v1/calls/:id/recordings/:recordingId', 'GET /v1/queues/:name',
    ],
  },
  {
    scope: 'streams:write',
    description: 'Open and stop audio streams of a call to the customer\'s WebSocket server.',
    operations: ['POST /v1/calls/:id/streams', 'POST /v1/calls/:id/streams/:streamId/stop'],
  },
  { scope: 'audio:write', description: 'Upload and delete audio clips.', operations: ['POST /v1/audio-clips', 'DELETE /v1/audio-clips/:id'] },
  { scope: 'audio:read', description: 'List and read audio clips.', operations: ['GET /v1/audio-clips', 'GET /v1/audio-clips/:id'] },
  { scope: 'transcription:write', description: 'Start transcription jobs and open transcription sessions.', operations: ['POST /v1/transcription/jobs', 'POST /v1/transcription/sessions'] },
  {
    scope: 'transcription:read',
    description: 'List and read transcription jobs with their transcripts, and read transcription sessions.',
    operations: ['GET /v1/transcription/jobs', 'GET /v1/transcription/jobs/:id', 'GET /v1/transcription/sessions/:id'],
  },
  {
    scope: 'webhooks:manage',
    description: 'Register, change, test, rotate, revive and inspect webhook endpoints; redeliver events.',
    operations: [
      'POST /v1/webhook-endpoints', 'GET /v1/webhook-endpoints', 'GET /v1/webhook-endpoints/:id', 'PATCH /v1/webhook-endpoints/:id',
      'DELETE /v1/webhook-endpoints/:id', 'POST /v1/webhook-endpoints/:id/test', 'POST /v1/webhook-endpoints/:id/rotate-secret',
      'PUT /v1/webhook-endpoints/:id/ed25519', 'GET /v1/webhook-endpoints/:id/attempts', 'POST /v1/webhook-endpoints/:id/revive',
      'GET /v1/webhook-endpoints/:id/failed-deliveries', 'POST /v1/webhook-endpoints/:id/recover-failed', 'POST /v1/events/:id/redeliver',
    ],
  },
  {
    scope: 'console:sign-in',
    description: 'Open console sessions: sign-in links for the web console, which then acts with this key\'s scopes; sign out.',
    operations: ['POST /v1/console-sessions', 'GET /v1/console-sessions/current', 'DELETE /v1/console-sessions/current', 'DELETE /v1/console-sessions/:id'],
  },
  { scope: 'events:read', description: 'Read the event log.', operations: ['GET /v1/events', 'GET /v1/events/:id'] },
  { scope: 'sms:send', description: 'Send SMS (one or a batch), quote a text, cancel a scheduled SMS.', operations: ['POST /v1/sms', 'POST /v1/sms/batches', 'POST /v1/sms/quote', 'POST /v1/sms/:id/cancel'] },
  {
    scope: 'suppressions:manage',
    description: 'Read and edit profiles\' suppression lists (opted-out and bounced addresses, SMS and email).',
    operations: ['GET /v1/profiles/:slug/suppressions', 'POST /v1/profiles/:slug/suppressions', 'DELETE /v1/profiles/:slug/suppressions/:address'],
  },
  { scope: 'sms:read', description: 'Read SMS (sent and received) and their status.', operations: ['GET /v1/sms', 'GET /v1/sms/:id'] },
  { scope: 'email:send', description: 'Send email (one or a batch), cancel a scheduled email.', operations: ['POST /v1/email', 'POST /v1/email/batch', 'POST /v1/email/:id/cancel'] },
  { scope: 'email:read', description: 'Read sent email and its status.', operations: ['GET /v1/email', 'GET /v1/email/:id'] },
  {
    scope: 'email:domains',
    description: 'Add, list and verify the sender domains of a profile (their DKIM keys and DNS records).',
    operations: ['POST /v1/profiles/:slug/email-domains', 'GET /v1/profiles/:slug/email-domains', 'POST /v1/profiles/:slug/email-domains/:domain/verify'],
  },
  { scope: 'letters:send', description: 'Send letters to digital mailboxes.', operations: ['POST /v1/letters'] },
  { scope: 'letters:read', description: 'Read sent letters and their status.', operations: ['GET /v1/letters', 'GET /v1/letters/:id', 'GET /v1/letters/:id/pdf'] },
  {
    scope: 'contacts:read',
    description: 'List and read contacts and contact lists with their members.',
    operations: ['GET /v1/contacts', 'GET /v1/contacts/:id', 'GET /v1/contact-lists', 'GET /v1/contact-lists/:id', 'GET /v1/contact-lists/:id/members'],
  },
  {
    scope: 'contacts:write',
    description: 'Create, change, delete and import contacts; manage contact lists and their members.',
    operations: [
      'POST /v1/contacts', 'PATCH /v1/contacts/:id', 'DELETE /v1/contacts/:id', 'POST /v1/contacts/imports',
      'POST /v1/contact-lists', 'PATCH /v1/contact-lists/:id', 'DELETE /v1/contact-lists/:id',
      'POST /v1/contact-lists/:id/members', 'POST /v1/contact-lists/:id/members/remove',
    ],
  },
  { scope: 'templates:read', description: 'List and read message templates.', operations: ['GET /v1/templates', 'GET /v1/templates/:id'] },
  {
    scope: 'templates:write',
    description: 'Create, change, delete and preview message templates.',
    operations: ['POST /v1/templates', 'PATCH /v1/templates/:id', 'DELETE /v1/templates/:id', 'POST /v1/templates/:id/preview'],
  },
  { scope: 'campaigns:read', description: 'List and read campaigns with their counts and money.', operations: ['GET /v1/campaigns', 'GET /v1/campaigns/:id'] },
  {
    scope: 'campaigns:write',
    description: 'Create, change and delete draft campaigns; start (reserving money), pause, resume and cancel them.',
    operations: [
      'POST /v1/campaigns', 'PATCH /v1/campaigns/:id', 'DELETE /v1/campaigns/:id', 'POST /v1/campaigns/:id/start',
      'POST /v1/campaigns/:id/pause', 'POST /v1/campaigns/:id/resume', 'POST /v1/campaigns/:id/cancel',
    ],
  },
] as const satisfies readonly ScopeEntry[];

/** A scope name. */
export type Scope = (typeof scopeCatalogue)[number]['scope'];

/** Every scope name, in catalogue order (company keys made by the admin API get all of them). */
export const allScopes: readonly Scope[] = scopeCatalogue.map((s) => s.scope);

/** True when `value` is a known scope name. */
export function isScope(value: string): value is Scope {
  return (allScopes as readonly string[]).includes(value);
}
