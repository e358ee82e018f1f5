/**
 * Names in the OpenAPI document that generated clients turn into method names and section headings. Kept
 * in one place, keyed by method and OpenAPI path, so that route files stay about behaviour; a route may
 * also set `schema.operationId` itself (that wins). A test fails when an operation has neither.
 */
export const operationIds: Readonly<Record<string, string>> = {
  'POST /v1/profiles': 'createProfile',
  'GET /v1/profiles': 'listProfiles',
  'GET /v1/profiles/{slug}': 'getProfile',
  'PATCH /v1/profiles/{slug}': 'updateProfile',
  'POST /v1/profiles/{slug}/archive': 'archiveProfile',
  'PUT /v1/profiles/{slug}/limit': 'setProfileLimit',
  'GET /v1/profiles/{slug}/usage': 'getProfileUsage',

  'POST /v1/api-keys': 'createApiKey',
  'GET /v1/api-keys': 'listApiKeys',
  'GET /v1/api-keys/{id}': 'getApiKey',
  'DELETE /v1/api-keys/{id}': 'revokeApiKey',

  'POST /v1/webhook-endpoints': 'createWebhookEndpoint',
  'GET /v1/webhook-endpoints': 'listWebhookEndpoints',
  'GET /v1/webhook-endpoints/{id}': 'getWebhookEndpoint',
  'PATCH /v1/webhook-endpoints/{id}': 'updateWebhookEndpoint',
  'DELETE /v1/webhook-endpoints/{id}': 'deleteWebhookEndpoint',
  'POST /v1/webhook-endpoints/{id}/test': 'testWebhookEndpoint',
  'POST /v1/webhook-endpoints/{id}/rotate-secret': 'rotateWebhookEndpointSecret',
  'PUT /v1/webhook-endpoints/{id}/ed25519': 'setWebhookEndpointEd25519Key',
  'GET /v1/webhook-endpoints/{id}/attempts': 'listWebhookAttempts',
  'POST /v1/webhook-endpoints/{id}/revive': 'reviveWebhookEndpoint',
  'GET /v1/webhook-endpoints/{id}/failed-deliveries': 'listFailedDeliveries',
  'POST /v1/webhook-endpoints/{id}/recover-failed': 'recoverFailedDeliveries',

  'GET /v1/events': 'listEvents',
  'GET /v1/events/{id}': 'getEvent',
  'POST /v1/events/{id}/redeliver': 'redeliverEvent',

  'POST /v1/audio-clips': 'createAudioClip',
  'GET /v1/audio-clips': 'listAudioClips',
  'GET /v1/audio-clips/{id}': 'getAudioClip',
  'DELETE /v1/audio-clips/{id}': 'deleteAudioClip',

  'POST /v1/calls': 'createCall',
  'GET /v1/calls/{id}': 'getCall',
  'PATCH /v1/calls/{id}': 'updateCall',
  'POST /v1/calls/{id}/hangup': 'hangupCall',
  'POST /v1/calls/{id}/offers': 'offerCall',
  'POST /v1/calls/{id}/transfer': 'transferCall',
  'POST /v1/calls/{id}/transfer/complete': 'completeTransfer',
  'POST /v1/calls/{id}/transfer/cancel': 'cancelTransfer',
  'POST /v1/calls/{id}/answer': 'answerCall',
  'POST /v1/calls/{id}/reject': 'rejectCall',
  'GET /v1/calls/{id}/transcript': 'getCallTranscript',
  'GET /v1/calls/{id}/commands/{commandId}': 'getCommand',
  'POST /v1/calls/{id}/participants': 'addParticipant',
  'PATCH /v1/calls/{id}/participants/{participantId}': 'updateParticipant',
  'DELETE /v1/calls/{id}/participants/{participantId}': 'removeParticipant',
  'POST /v1/calls/{id}/participants/{participantId}/token': 'createParticipantToken',
  'POST /v1/calls/{id}/say': 'say',
  'POST /v1/calls/{id}/play': 'play',
  'POST /v1/calls/{id}/gather': 'gather',
  'POST /v1/calls/{id}/media/stop': 'stopMedia',
  'POST /v1/calls/{id}/recording/start': 'startRecording',
  'POST /v1/calls/{id}/transcription/start': 'startTranscription',
  'POST /v1/calls/{id}/transcription/stop': 'stopTranscription',
  'POST /v1/calls/{id}/dtmf': 'sendDtmf',
  'POST /v1/calls/{id}/streams': 'startStream',
  'GET /v1/calls/{id}/streams/{streamId}': 'getStream',
  'POST /v1/calls/{id}/streams/{streamId}/stop': 'stopStream',
  'GET /v1/calls/{id}/recordings': 'listRecordings',
  'GET /v1/calls/{id}/recordings/{recordingId}': 'downloadRecording',

  'POST /admin/v1/companies': 'adminCreateCompany',
  'GET /admin/v1/companies': 'adminListCompanies',
  'GET /admin/v1/companies/{id}': 'adminGetCompany',
  'POST /admin/v1/companies/{id}/top-ups': 'adminTopUpCompany',
  'GET /admin/v1/companies/{id}/prices': 'adminGetCompanyPrices',
  'PUT /admin/v1/companies/{id}/prices': 'adminSetCompanyPrices',
  'POST /admin/v1/numbers': 'adminCreateNumber',
  'GET /admin/v1/numbers': 'adminListNumbers',
  'GET /admin/v1/numbers/{id}': 'adminGetNumber',
  'PATCH /admin/v1/numbers/{id}': 'adminUpdateNumber',
  'POST /admin/v1/sim/phones': 'adminCreateSimPhone',
  'GET /admin/v1/sim/phones': 'adminListSimPhones',
  'POST /admin/v1/sim/calls': 'adminCreateSimCall',
};

/** Every tag an operation may carry, with the description reference pages show as its section intro. */
export const tagDescriptions: Readonly<Record<string, string>> = {
  calls:
    'Calls between phones, app users (the media room: `connection {url, token}`) and bots; commands on a call ' +
    '(say, play, gather, recording, media streams) answer at once and report their outcome as events.',
  streams: 'Media streams of a call to your WebSocket server in the Twilio Media Streams message format.',
  webhooks: 'Endpoints that receive events, signed per Standard Webhooks; their delivery attempts and recovery.',
  events: 'Every event the account produced, readable and redeliverable for 30 days.',
  'audio clips': 'WAV files uploaded once and played into calls by id.',
  profiles: 'Sending profiles: the numbers and services a part of the company uses, with spend limits.',
  'api-keys': 'Company and profile API keys (sk_live_…, sk_test_…) and their scopes; a secret is shown once.',
  admin: 'The operator API (admin token): companies, balances, prices, numbers and the simulated phone network.',
};
