// Generated from the sentral OpenAPI document by `npm run client:generate`; do not edit.

/** Every operation by operationId: method, path and Idempotency-Key handling (x-idempotency). */
export const operations = {
  "listProfiles": {
    "method": "GET",
    "path": "/v1/profiles",
    "idempotency": null
  },
  "createProfile": {
    "method": "POST",
    "path": "/v1/profiles",
    "idempotency": "optional"
  },
  "getProfile": {
    "method": "GET",
    "path": "/v1/profiles/{slug}",
    "idempotency": null
  },
  "updateProfile": {
    "method": "PATCH",
    "path": "/v1/profiles/{slug}",
    "idempotency": "optional"
  },
  "archiveProfile": {
    "method": "POST",
    "path": "/v1/profiles/{slug}/archive",
    "idempotency": "optional"
  },
  "setProfileLimit": {
    "method": "PUT",
    "path": "/v1/profiles/{slug}/limit",
    "idempotency": "optional"
  },
  "listApiKeys": {
    "method": "GET",
    "path": "/v1/api-keys",
    "idempotency": null
  },
  "createApiKey": {
    "method": "POST",
    "path": "/v1/api-keys",
    "idempotency": "unsupported"
  },
  "getApiKey": {
    "method": "GET",
    "path": "/v1/api-keys/{id}",
    "idempotency": null
  },
  "revokeApiKey": {
    "method": "DELETE",
    "path": "/v1/api-keys/{id}",
    "idempotency": "optional"
  },
  "createConsoleSignInLink": {
    "method": "POST",
    "path": "/v1/console-sessions",
    "idempotency": "required"
  },
  "signInToConsole": {
    "method": "POST",
    "path": "/v1/console-sessions/sign-in",
    "idempotency": null
  },
  "getCurrentConsoleSession": {
    "method": "GET",
    "path": "/v1/console-sessions/current",
    "idempotency": null
  },
  "signOutOfConsole": {
    "method": "DELETE",
    "path": "/v1/console-sessions/current",
    "idempotency": "optional"
  },
  "revokeConsoleSession": {
    "method": "DELETE",
    "path": "/v1/console-sessions/{id}",
    "idempotency": "optional"
  },
  "adminListCompanies": {
    "method": "GET",
    "path": "/admin/v1/companies",
    "idempotency": null
  },
  "adminCreateCompany": {
    "method": "POST",
    "path": "/admin/v1/companies",
    "idempotency": "unsupported"
  },
  "adminGetCompany": {
    "method": "GET",
    "path": "/admin/v1/companies/{id}",
    "idempotency": null
  },
  "adminTopUpCompany": {
    "method": "POST",
    "path": "/admin/v1/companies/{id}/top-ups",
    "idempotency": "optional"
  },
  "adminGetCompanyPrices": {
    "method": "GET",
    "path": "/admin/v1/companies/{id}/prices",
    "idempotency": null
  },
  "adminSetCompanyPrices": {
    "method": "PUT",
    "path": "/admin/v1/companies/{id}/prices",
    "idempotency": "optional"
  },
  "adminListNumbers": {
    "method": "GET",
    "path": "/admin/v1/numbers",
    "idempotency": null
  },
  "adminCreateNumber": {
    "method": "POST",
    "path": "/admin/v1/numbers",
    "idempotency": "optional"
  },
  "adminGetNumber": {
    "method": "GET",
    "path": "/admin/v1/numbers/{id}",
    "idempotency": null
  },
  "adminUpdateNumber": {
    "method": "PATCH",
    "path": "/admin/v1/numbers/{id}",
    "idempotency": "optional"
  },
  "adminAddAvailableNumbers": {
    "method": "POST",
    "path": "/admin/v1/available-numbers",
    "idempotency": "optional"
  },
  "listAvailableNumbers": {
    "method": "GET",
    "path": "/v1/available-numbers",
    "idempotency": null
  },
  "listNumbers": {
    "method": "GET",
    "path": "/v1/numbers",
    "idempotency": null
  },
  "rentNumber": {
    "method": "POST",
    "path": "/v1/numbers",
    "idempotency": "required"
  },
  "getNumber": {
    "method": "GET",
    "path": "/v1/numbers/{id}",
    "idempotency": null
  },
  "updateNumber": {
    "method": "PATCH",
    "path": "/v1/numbers/{id}",
    "idempotency": "optional"
  },
  "deleteNumber": {
    "method": "DELETE",
    "path": "/v1/numbers/{id}",
    "idempotency": "optional"
  },
  "getBalance": {
    "method": "GET",
    "path": "/v1/balance",
    "idempotency": null
  },
  "getProfileUsage": {
    "method": "GET",
    "path": "/v1/profiles/{slug}/usage",
    "idempotency": null
  },
  "getUsage": {
    "method": "GET",
    "path": "/v1/usage",
    "idempotency": null
  },
  "getPrices": {
    "method": "GET",
    "path": "/v1/prices",
    "idempotency": null
  },
  "listWebhookEndpoints": {
    "method": "GET",
    "path": "/v1/webhook-endpoints",
    "idempotency": null
  },
  "createWebhookEndpoint": {
    "method": "POST",
    "path": "/v1/webhook-endpoints",
    "idempotency": "optional"
  },
  "getWebhookEndpoint": {
    "method": "GET",
    "path": "/v1/webhook-endpoints/{id}",
    "idempotency": null
  },
  "updateWebhookEndpoint": {
    "method": "PATCH",
    "path": "/v1/webhook-endpoints/{id}",
    "idempotency": "optional"
  },
  "deleteWebhookEndpoint": {
    "method": "DELETE",
    "path": "/v1/webhook-endpoints/{id}",
    "idempotency": "optional"
  },
  "testWebhookEndpoint": {
    "method": "POST",
    "path": "/v1/webhook-endpoints/{id}/test",
    "idempotency": "optional"
  },
  "rotateWebhookEndpointSecret": {
    "method": "POST",
    "path": "/v1/webhook-endpoints/{id}/rotate-secret",
    "idempotency": "optional"
  },
  "setWebhookEndpointEd25519Key": {
    "method": "PUT",
    "path": "/v1/webhook-endpoints/{id}/ed25519",
    "idempotency": "optional"
  },
  "listWebhookAttempts": {
    "method": "GET",
    "path": "/v1/webhook-endpoints/{id}/attempts",
    "idempotency": null
  },
  "reviveWebhookEndpoint": {
    "method": "POST",
    "path": "/v1/webhook-endpoints/{id}/revive",
    "idempotency": "optional"
  },
  "listFailedDeliveries": {
    "method": "GET",
    "path": "/v1/webhook-endpoints/{id}/failed-deliveries",
    "idempotency": null
  },
  "recoverFailedDeliveries": {
    "method": "POST",
    "path": "/v1/webhook-endpoints/{id}/recover-failed",
    "idempotency": "optional"
  },
  "listEvents": {
    "method": "GET",
    "path": "/v1/events",
    "idempotency": null
  },
  "getEvent": {
    "method": "GET",
    "path": "/v1/events/{id}",
    "idempotency": null
  },
  "redeliverEvent": {
    "method": "POST",
    "path": "/v1/events/{id}/redeliver",
    "idempotency": "optional"
  },
  "listAudioClips": {
    "method": "GET",
    "path": "/v1/audio-clips",
    "idempotency": null
  },
  "createAudioClip": {
    "method": "POST",
    "path": "/v1/audio-clips",
    "idempotency": "optional"
  },
  "getAudioClip": {
    "method": "GET",
    "path": "/v1/audio-clips/{id}",
    "idempotency": null
  },
  "deleteAudioClip": {
    "method": "DELETE",
    "path": "/v1/audio-clips/{id}",
    "idempotency": "optional"
  },
  "adminListSimPhones": {
    "method": "GET",
    "path": "/admin/v1/sim/phones",
    "idempotency": null
  },
  "adminCreateSimPhone": {
    "method": "POST",
    "path": "/admin/v1/sim/phones",
    "idempotency": "optional"
  },
  "adminCreateSimCall": {
    "method": "POST",
    "path": "/admin/v1/sim/calls",
    "idempotency": "optional"
  },
  "listCalls": {
    "method": "GET",
    "path": "/v1/calls",
    "idempotency": null
  },
  "createCall": {
    "method": "POST",
    "path": "/v1/calls",
    "idempotency": "required"
  },
  "getCall": {
    "method": "GET",
    "path": "/v1/calls/{id}",
    "idempotency": null
  },
  "updateCall": {
    "method": "PATCH",
    "path": "/v1/calls/{id}",
    "idempotency": "optional"
  },
  "getCallTranscript": {
    "method": "GET",
    "path": "/v1/calls/{id}/transcript",
    "idempotency": null
  },
  "getCommand": {
    "method": "GET",
    "path": "/v1/calls/{id}/commands/{commandId}",
    "idempotency": null
  },
  "addParticipant": {
    "method": "POST",
    "path": "/v1/calls/{id}/participants",
    "idempotency": "required"
  },
  "updateParticipant": {
    "method": "PATCH",
    "path": "/v1/calls/{id}/participants/{participantId}",
    "idempotency": "optional"
  },
  "removeParticipant": {
    "method": "DELETE",
    "path": "/v1/calls/{id}/participants/{participantId}",
    "idempotency": "optional"
  },
  "createParticipantToken": {
    "method": "POST",
    "path": "/v1/calls/{id}/participants/{participantId}/token",
    "idempotency": "optional"
  },
  "say": {
    "method": "POST",
    "path": "/v1/calls/{id}/say",
    "idempotency": "required"
  },
  "play": {
    "method": "POST",
    "path": "/v1/calls/{id}/play",
    "idempotency": "optional"
  },
  "gather": {
    "method": "POST",
    "path": "/v1/calls/{id}/gather",
    "idempotency": "required"
  },
  "stopMedia": {
    "method": "POST",
    "path": "/v1/calls/{id}/media/stop",
    "idempotency": "optional"
  },
  "startRecording": {
    "method": "POST",
    "path": "/v1/calls/{id}/recording/start",
    "idempotency": "required"
  },
  "hangupCall": {
    "method": "POST",
    "path": "/v1/calls/{id}/hangup",
    "idempotency": "optional"
  },
  "startStream": {
    "method": "POST",
    "path": "/v1/calls/{id}/streams",
    "idempotency": "required"
  },
  "stopStream": {
    "method": "POST",
    "path": "/v1/calls/{id}/streams/{streamId}/stop",
    "idempotency": "optional"
  },
  "offerCall": {
    "method": "POST",
    "path": "/v1/calls/{id}/offers",
    "idempotency": "required"
  },
  "transferCall": {
    "method": "POST",
    "path": "/v1/calls/{id}/transfer",
    "idempotency": "required"
  },
  "completeTransfer": {
    "method": "POST",
    "path": "/v1/calls/{id}/transfer/complete",
    "idempotency": "optional"
  },
  "cancelTransfer": {
    "method": "POST",
    "path": "/v1/calls/{id}/transfer/cancel",
    "idempotency": "optional"
  },
  "startTranscription": {
    "method": "POST",
    "path": "/v1/calls/{id}/transcription/start",
    "idempotency": "required"
  },
  "stopTranscription": {
    "method": "POST",
    "path": "/v1/calls/{id}/transcription/stop",
    "idempotency": "optional"
  },
  "answerCall": {
    "method": "POST",
    "path": "/v1/calls/{id}/answer",
    "idempotency": "required"
  },
  "rejectCall": {
    "method": "POST",
    "path": "/v1/calls/{id}/reject",
    "idempotency": "optional"
  },
  "moveCall": {
    "method": "POST",
    "path": "/v1/calls/{id}/move",
    "idempotency": "required"
  },
  "sendDtmf": {
    "method": "POST",
    "path": "/v1/calls/{id}/dtmf",
    "idempotency": "optional"
  },
  "getQueue": {
    "method": "GET",
    "path": "/v1/queues/{name}",
    "idempotency": null
  },
  "dequeueCall": {
    "method": "POST",
    "path": "/v1/queues/{name}/dequeue",
    "idempotency": "required"
  },
  "getStream": {
    "method": "GET",
    "path": "/v1/calls/{id}/streams/{streamId}",
    "idempotency": null
  },
  "listRecordings": {
    "method": "GET",
    "path": "/v1/calls/{id}/recordings",
    "idempotency": null
  },
  "downloadRecording": {
    "method": "GET",
    "path": "/v1/calls/{id}/recordings/{recordingId}",
    "idempotency": null
  },
  "listTranscriptionJobs": {
    "method": "GET",
    "path": "/v1/transcription/jobs",
    "idempotency": null
  },
  "createTranscriptionJob": {
    "method": "POST",
    "path": "/v1/transcription/jobs",
    "idempotency": "required"
  },
  "getTranscriptionJob": {
    "method": "GET",
    "path": "/v1/transcription/jobs/{id}",
    "idempotency": null
  },
  "createTranscriptionSession": {
    "method": "POST",
    "path": "/v1/transcription/sessions",
    "idempotency": "required"
  },
  "getTranscriptionSession": {
    "method": "GET",
    "path": "/v1/transcription/sessions/{id}",
    "idempotency": null
  },
  "listContacts": {
    "method": "GET",
    "path": "/v1/contacts",
    "idempotency": null
  },
  "createContact": {
    "method": "POST",
    "path": "/v1/contacts",
    "idempotency": "optional"
  },
  "getContact": {
    "method": "GET",
    "path": "/v1/contacts/{id}",
    "idempotency": null
  },
  "updateContact": {
    "method": "PATCH",
    "path": "/v1/contacts/{id}",
    "idempotency": "optional"
  },
  "deleteContact": {
    "method": "DELETE",
    "path": "/v1/contacts/{id}",
    "idempotency": "optional"
  },
  "importContacts": {
    "method": "POST",
    "path": "/v1/contacts/imports",
    "idempotency": "unsupported"
  },
  "listContactLists": {
    "method": "GET",
    "path": "/v1/contact-lists",
    "idempotency": null
  },
  "createContactList": {
    "method": "POST",
    "path": "/v1/contact-lists",
    "idempotency": "optional"
  },
  "getContactList": {
    "method": "GET",
    "path": "/v1/contact-lists/{id}",
    "idempotency": null
  },
  "updateContactList": {
    "method": "PATCH",
    "path": "/v1/contact-lists/{id}",
    "idempotency": "optional"
  },
  "deleteContactList": {
    "method": "DELETE",
    "path": "/v1/contact-lists/{id}",
    "idempotency": "optional"
  },
  "listContactListMembers": {
    "method": "GET",
    "path": "/v1/contact-lists/{id}/members",
    "idempotency": null
  },
  "addContactListMembers": {
    "method": "POST",
    "path": "/v1/contact-lists/{id}/members",
    "idempotency": "optional"
  },
  "removeContactListMembers": {
    "method": "POST",
    "path": "/v1/contact-lists/{id}/members/remove",
    "idempotency": "optional"
  },
  "listTemplates": {
    "method": "GET",
    "path": "/v1/templates",
    "idempotency": null
  },
  "createTemplate": {
    "method": "POST",
    "path": "/v1/templates",
    "idempotency": "optional"
  },
  "getTemplate": {
    "method": "GET",
    "path": "/v1/templates/{id}",
    "idempotency": null
  },
  "updateTemplate": {
    "method": "PATCH",
    "path": "/v1/templates/{id}",
    "idempotency": "optional"
  },
  "deleteTemplate": {
    "method": "DELETE",
    "path": "/v1/templates/{id}",
    "idempotency": "optional"
  },
  "previewTemplate": {
    "method": "POST",
    "path": "/v1/templates/{id}/preview",
    "idempotency": null
  },
  "listSms": {
    "method": "GET",
    "path": "/v1/sms",
    "idempotency": null
  },
  "sendSms": {
    "method": "POST",
    "path": "/v1/sms",
    "idempotency": "required"
  },
  "getSms": {
    "method": "GET",
    "path": "/v1/sms/{id}",
    "idempotency": null
  },
  "cancelSms": {
    "method": "POST",
    "path": "/v1/sms/{id}/cancel",
    "idempotency": "optional"
  },
  "listEmail": {
    "method": "GET",
    "path": "/v1/email",
    "idempotency": null
  },
  "sendEmail": {
    "method": "POST",
    "path": "/v1/email",
    "idempotency": "required"
  },
  "getEmail": {
    "method": "GET",
    "path": "/v1/email/{id}",
    "idempotency": null
  },
  "cancelEmail": {
    "method": "POST",
    "path": "/v1/email/{id}/cancel",
    "idempotency": "optional"
  },
  "listLetters": {
    "method": "GET",
    "path": "/v1/letters",
    "idempotency": null
  },
  "sendLetter": {
    "method": "POST",
    "path": "/v1/letters",
    "idempotency": "required"
  },
  "getLetter": {
    "method": "GET",
    "path": "/v1/letters/{id}",
    "idempotency": null
  },
  "createSmsBatch": {
    "method": "POST",
    "path": "/v1/sms/batches",
    "idempotency": "required"
  },
  "quoteSms": {
    "method": "POST",
    "path": "/v1/sms/quote",
    "idempotency": null
  },
  "createEmailBatch": {
    "method": "POST",
    "path": "/v1/email/batch",
    "idempotency": "required"
  },
  "getLetterPdf": {
    "method": "GET",
    "path": "/v1/letters/{id}/pdf",
    "idempotency": null
  },
  "listEmailDomains": {
    "method": "GET",
    "path": "/v1/profiles/{slug}/email-domains",
    "idempotency": null
  },
  "createEmailDomain": {
    "method": "POST",
    "path": "/v1/profiles/{slug}/email-domains",
    "idempotency": "optional"
  },
  "verifyEmailDomain": {
    "method": "POST",
    "path": "/v1/profiles/{slug}/email-domains/{domain}/verify",
    "idempotency": "optional"
  },
  "adminListEmailSink": {
    "method": "GET",
    "path": "/admin/v1/email-sink",
    "idempotency": null
  },
  "adminGetEmailSinkMessage": {
    "method": "GET",
    "path": "/admin/v1/email-sink/{id}",
    "idempotency": null
  },
  "listSmsSenders": {
    "method": "GET",
    "path": "/v1/profiles/{slug}/senders",
    "idempotency": null
  },
  "addSmsSender": {
    "method": "POST",
    "path": "/v1/profiles/{slug}/senders",
    "idempotency": "optional"
  },
  "removeSmsSender": {
    "method": "DELETE",
    "path": "/v1/profiles/{slug}/senders/{sender}",
    "idempotency": "optional"
  },
  "listSuppressions": {
    "method": "GET",
    "path": "/v1/profiles/{slug}/suppressions",
    "idempotency": null
  },
  "addSuppression": {
    "method": "POST",
    "path": "/v1/profiles/{slug}/suppressions",
    "idempotency": "optional"
  },
  "removeSuppression": {
    "method": "DELETE",
    "path": "/v1/profiles/{slug}/suppressions/{address}",
    "idempotency": "optional"
  },
  "simulateInboundSms": {
    "method": "POST",
    "path": "/admin/v1/sim/sms",
    "idempotency": "optional"
  },
  "listCampaigns": {
    "method": "GET",
    "path": "/v1/campaigns",
    "idempotency": null
  },
  "createCampaign": {
    "method": "POST",
    "path": "/v1/campaigns",
    "idempotency": "required"
  },
  "getCampaign": {
    "method": "GET",
    "path": "/v1/campaigns/{id}",
    "idempotency": null
  },
  "updateCampaign": {
    "method": "PATCH",
    "path": "/v1/campaigns/{id}",
    "idempotency": "optional"
  },
  "deleteCampaign": {
    "method": "DELETE",
    "path": "/v1/campaigns/{id}",
    "idempotency": "optional"
  },
  "startCampaign": {
    "method": "POST",
    "path": "/v1/campaigns/{id}/start",
    "idempotency": "required"
  },
  "pauseCampaign": {
    "method": "POST",
    "path": "/v1/campaigns/{id}/pause",
    "idempotency": "optional"
  },
  "resumeCampaign": {
    "method": "POST",
    "path": "/v1/campaigns/{id}/resume",
    "idempotency": "optional"
  },
  "cancelCampaign": {
    "method": "POST",
    "path": "/v1/campaigns/{id}/cancel",
    "idempotency": "optional"
  },
  "adminCreateSimMailbox": {
    "method": "POST",
    "path": "/admin/v1/sim/mailboxes",
    "idempotency": "optional"
  },
  "adminListSimMailboxLetters": {
    "method": "GET",
    "path": "/admin/v1/sim/mailboxes/{recipient}/letters",
    "idempotency": null
  },
  "adminOpenSimMailboxLetter": {
    "method": "POST",
    "path": "/admin/v1/sim/mailboxes/{recipient}/letters/{messageId}/open",
    "idempotency": "optional"
  }
} as const;

/** Idempotency-Key handling by `METHOD /path`: 'required', 'optional' or 'unsupported'. */
export const idempotency: Readonly<Record<string, 'required' | 'optional' | 'unsupported'>> = {
  "POST /v1/profiles": "optional",
  "PATCH /v1/profiles/{slug}": "optional",
  "POST /v1/profiles/{slug}/archive": "optional",
  "PUT /v1/profiles/{slug}/limit": "optional",
  "POST /v1/api-keys": "unsupported",
  "DELETE /v1/api-keys/{id}": "optional",
  "POST /v1/console-sessions": "required",
  "DELETE /v1/console-sessions/current": "optional",
  "DELETE /v1/console-sessions/{id}": "optional",
  "POST /admin/v1/companies": "unsupported",
  "POST /admin/v1/companies/{id}/top-ups": "optional",
  "PUT /admin/v1/companies/{id}/prices": "optional",
  "POST /admin/v1/numbers": "optional",
  "PATCH /admin/v1/numbers/{id}": "optional",
  "POST /admin/v1/available-numbers": "optional",
  "POST /v1/numbers": "required",
  "PATCH /v1/numbers/{id}": "optional",
  "DELETE /v1/numbers/{id}": "optional",
  "POST /v1/webhook-endpoints": "optional",
  "PATCH /v1/webhook-endpoints/{id}": "optional",
  "DELETE /v1/webhook-endpoints/{id}": "optional",
  "POST /v1/webhook-endpoints/{id}/test": "optional",
  "POST /v1/webhook-endpoints/{id}/rotate-secret": "optional",
  "PUT /v1/webhook-endpoints/{id}/ed25519": "optional",
  "POST /v1/webhook-endpoints/{id}/revive": "optional",
  "POST /v1/webhook-endpoints/{id}/recover-failed": "optional",
  "POST /v1/events/{id}/redeliver": "optional",
  "POST /v1/audio-clips": "optional",
  "DELETE /v1/audio-clips/{id}": "optional",
  "POST /admin/v1/sim/phones": "optional",
  "POST /admin/v1/sim/calls": "optional",
  "POST /v1/calls": "required",
  "PATCH /v1/calls/{id}": "optional",
  "POST /v1/calls/{id}/participants": "required",
  "PATCH /v1/calls/{id}/participants/{participantId}": "optional",
  "DELETE /v1/calls/{id}/participants/{participantId}": "optional",
  "POST /v1/calls/{id}/participants/{participantId}/token": "optional",
  "POST /v1/calls/{id}/say": "required",
  "POST /v1/calls/{id}/play": "optional",
  "POST /v1/calls/{id}/gather": "required",
  "POST /v1/calls/{id}/media/stop": "optional",
  "POST /v1/calls/{id}/recording/start": "required",
  "POST /v1/calls/{id}/hangup": "optional",
  "POST /v1/calls/{id}/streams": "required",
  "POST /v1/calls/{id}/streams/{streamId}/stop": "optional",
  "POST /v1/calls/{id}/offers": "required",
  "POST /v1/calls/{id}/transfer": "required",
  "POST /v1/calls/{id}/transfer/complete": "optional",
  "POST /v1/calls/{id}/transfer/cancel": "optional",
  "POST /v1/calls/{id}/transcription/start": "required",
  "POST /v1/calls/{id}/transcription/stop": "optional",
  "POST /v1/calls/{id}/answer": "required",
  "POST /v1/calls/{id}/reject": "optional",
  "POST /v1/calls/{id}/move": "required",
  "POST /v1/calls/{id}/dtmf": "optional",
  "POST /v1/queues/{name}/dequeue": "required",
  "POST /v1/transcription/jobs": "required",
  "POST /v1/transcription/sessions": "required",
  "POST /v1/contacts": "optional",
  "PATCH /v1/contacts/{id}": "optional",
  "DELETE /v1/contacts/{id}": "optional",
  "POST /v1/contacts/imports": "unsupported",
  "POST /v1/contact-lists": "optional",
  "PATCH /v1/contact-lists/{id}": "optional",
  "DELETE /v1/contact-lists/{id}": "optional",
  "POST /v1/contact-lists/{id}/members": "optional",
  "POST /v1/contact-lists/{id}/members/remove": "optional",
  "POST /v1/templates": "optional",
  "PATCH /v1/templates/{id}": "optional",
  "DELETE /v1/templates/{id}": "optional",
  "POST /v1/sms": "required",
  "POST /v1/sms/{id}/cancel": "optional",
  "POST /v1/email": "required",
  "POST /v1/email/{id}/cancel": "optional",
  "POST /v1/letters": "required",
  "POST /v1/sms/batches": "required",
  "POST /v1/email/batch": "required",
  "POST /v1/profiles/{slug}/email-domains": "optional",
  "POST /v1/profiles/{slug}/email-domains/{domain}/verify": "optional",
  "POST /v1/profiles/{slug}/senders": "optional",
  "DELETE /v1/profiles/{slug}/senders/{sender}": "optional",
  "POST /v1/profiles/{slug}/suppressions": "optional",
  "DELETE /v1/profiles/{slug}/suppressions/{address}": "optional",
  "POST /admin/v1/sim/sms": "optional",
  "POST /v1/campaigns": "required",
  "PATCH /v1/campaigns/{id}": "optional",
  "DELETE /v1/campaigns/{id}": "optional",
  "POST /v1/campaigns/{id}/start": "required",
  "POST /v1/campaigns/{id}/pause": "optional",
  "POST /v1/campaigns/{id}/resume": "optional",
  "POST /v1/campaigns/{id}/cancel": "optional",
  "POST /admin/v1/sim/mailboxes": "optional",
  "POST /admin/v1/sim/mailboxes/{recipient}/letters/{messageId}/open": "optional"
};

/** List operations that page with a cursor, and the query parameter that takes `nextCursor`. */
export const listCursors = {
  "/v1/numbers": "after",
  "/v1/webhook-endpoints/{id}/attempts": "before",
  "/v1/webhook-endpoints/{id}/failed-deliveries": "before",
  "/v1/events": "after",
  "/v1/audio-clips": "before",
  "/v1/calls": "after",
  "/v1/contacts": "after",
  "/v1/contact-lists": "after",
  "/v1/contact-lists/{id}/members": "after",
  "/v1/templates": "after",
  "/v1/sms": "before",
  "/v1/email": "before",
  "/v1/letters": "before",
  "/admin/v1/email-sink": "before",
  "/v1/profiles/{slug}/suppressions": "after",
  "/v1/campaigns": "before"
} as const;
