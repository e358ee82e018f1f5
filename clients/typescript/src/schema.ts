// Generated from the sentral OpenAPI document by `npm run client:generate`; do not edit.
export interface paths {
    "/admin/v1/available-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add numbers to the inventory customers rent from (a number already there is left as it is) */
        post: operations["adminAddAvailableNumbers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List companies */
        get: operations["adminListCompanies"];
        put?: never;
        /** Create a company with a live and a test company key (shown once) */
        post: operations["adminCreateCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a company and its balance */
        get: operations["adminGetCompany"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/companies/{id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A company price list (defaults with its overrides) */
        get: operations["adminGetCompanyPrices"];
        /** Override prices of a company (null returns a price to the default) */
        put: operations["adminSetCompanyPrices"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/companies/{id}/top-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add money to a company balance (a ledger entry) */
        post: operations["adminTopUpCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List numbers, optionally of one company */
        get: operations["adminListNumbers"];
        put?: never;
        /** Provision a phone number to a profile */
        post: operations["adminCreateNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/numbers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a number */
        get: operations["adminGetNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a number (profile, inbound mode, decision window, routing, salesperson, status) */
        patch: operations["adminUpdateNumber"];
        trace?: never;
    };
    "/admin/v1/sim/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A simulated phone (+447700900xxx) calls a provisioned number: the call is offered to the inbound-call handling */
        post: operations["adminCreateSimCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/sim/phones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The simulated network's phones: the built-in directory and the defined ones */
        get: operations["adminListSimPhones"];
        put?: never;
        /** Define (or redefine) a scripted phone on every media node */
        post: operations["adminCreateSimPhone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (without secrets) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key (the whole key is returned only here) */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an API key (without its secret) */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /** Revoke an API key at once */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-clips": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List audio clips, newest first; pass nextCursor as before to continue */
        get: operations["listAudioClips"];
        put?: never;
        /** Upload a WAV file (raw body, Content-Type audio/wav, at most 10 MiB and 10 minutes); stored as 16 kHz PCM16 mono */
        post: operations["createAudioClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-clips/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an audio clip */
        get: operations["getAudioClip"];
        put?: never;
        post?: never;
        /** Delete an audio clip */
        delete: operations["deleteAudioClip"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/available-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Numbers of the inventory that can be rented, with their monthly rent */
        get: operations["listAvailableNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company balance and its open reservations (company key) */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a call: dial `to`, or open a call between app participants */
        post: operations["createCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a call */
        get: operations["getCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the call's metadata (also after the call, e.g. its outcome); later events carry it */
        patch: operations["updateCall"];
        trace?: never;
    };
    "/v1/calls/{id}/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inbound decision: answer the caller, who hears a waiting tone until the next action */
        post: operations["answerCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/commands/{commandId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a command and its outcome */
        get: operations["getCommand"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/dtmf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send keypad tones into the call (not opened yet: capability_unavailable) */
        post: operations["sendDtmf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/gather": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask (text or clip) and gather keys; the result arrives as call.gather.completed */
        post: operations["gather"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/hangup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hang up for everyone; call.ended follows (an ended call is answered as it is) */
        post: operations["hangupCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/media/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop audio that is playing (and a running gather, as stopped) */
        post: operations["stopMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the caller into another call (a conference) or into a queue */
        post: operations["moveCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ring several phones or app users at once; the first to answer takes the call */
        post: operations["offerCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/participants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a participant (phone, app or bot) to a running call */
        post: operations["addParticipant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/participants/{participantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a participant; the others stay in the call */
        delete: operations["removeParticipant"];
        options?: never;
        head?: never;
        /** Mute, hold or change the audio mode of a participant */
        patch: operations["updateParticipant"];
        trace?: never;
    };
    "/v1/calls/{id}/participants/{participantId}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New connection details (room token) for an app or bot participant */
        post: operations["createParticipantToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/play": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Play an audio clip, optionally repeated */
        post: operations["play"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/recording/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start recording the call (priced per minute until the call ends); call.recording.ready follows when the call ends */
        post: operations["startRecording"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/recordings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the call's recordings */
        get: operations["listRecordings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/recordings/{recordingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a recording: a WAV file (16-bit PCM, 16 kHz, mono) */
        get: operations["downloadRecording"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inbound decision: reject the caller; the call ends unanswered and nothing is charged */
        post: operations["rejectCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/say": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read text aloud to everyone, or to one participant */
        post: operations["say"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/streams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open a stream of the call to a registered endpoint's WebSocket server */
        post: operations["startStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/streams/{streamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a stream */
        get: operations["getStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/streams/{streamId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a stream (its server gets stop, then the socket closes) */
        post: operations["stopStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the transcript: each participant's utterances in time order and the full text (after call.transcript.ready) */
        get: operations["getCallTranscript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/transcription/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start live transcription (priced per minute until stopped or the call ends); call.transcription.segment per utterance */
        post: operations["startTranscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/transcription/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop live transcription (its charge stops; the utterance being spoken is still sent) */
        post: operations["stopTranscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Transfer the caller to a phone number (kind cold by default, or warm) */
        post: operations["transferCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/transfer/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a transfer under way: the target is hung up and the caller comes back */
        post: operations["cancelTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{id}/transfer/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a warm transfer: the caller and the target are connected and the operator leaves */
        post: operations["completeTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List contact lists, oldest first */
        get: operations["listContactLists"];
        put?: never;
        /** Create a contact list */
        post: operations["createContactList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a contact list and its member count */
        get: operations["getContactList"];
        put?: never;
        post?: never;
        /** Delete a contact list (its contacts stay) */
        delete: operations["deleteContactList"];
        options?: never;
        head?: never;
        /** Rename a contact list or change its description */
        patch: operations["updateContactList"];
        trace?: never;
    };
    "/v1/contact-lists/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A list's contacts, oldest first */
        get: operations["listContactListMembers"];
        put?: never;
        /** Add up to 1,000 contacts to a list (those already in it are left as they are) */
        post: operations["addContactListMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{id}/members/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove up to 1,000 contacts from a list */
        post: operations["removeContactListMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List contacts, oldest first (pass nextCursor as after) */
        get: operations["listContacts"];
        put?: never;
        /** Create a contact (phone, email or nationalId; name, attributes, externalRef) */
        post: operations["createContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a contact */
        get: operations["getContact"];
        put?: never;
        post?: never;
        /** Delete a contact and its list memberships */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        /** Change a contact (null clears a field) */
        patch: operations["updateContact"];
        trace?: never;
    };
    "/v1/contacts/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import contacts from a CSV file (raw body, text/csv, at most 100,000 rows and 64 MiB): a report of the rows refused and why */
        post: operations["importContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event log, oldest first; pass nextCursor as after to continue */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resend one event to one endpoint (only a delivery that gave up) */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List numbers (a profile key: its profile's), oldest first */
        get: operations["listNumbers"];
        put?: never;
        /** Rent a number (a given one, or the first available of a type and prefix); the first month is charged at once */
        post: operations["rentNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/numbers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a number */
        get: operations["getNumber"];
        put?: never;
        post?: never;
        /** Delete a number: it is released at the end of its paid month */
        delete: operations["deleteNumber"];
        options?: never;
        head?: never;
        /** Configure a number: inbound mode, decision window, routing, salesperson, SMS on or off */
        patch: operations["updateNumber"];
        trace?: never;
    };
    "/v1/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List profiles */
        get: operations["listProfiles"];
        put?: never;
        /** Create a profile */
        post: operations["createProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a profile by slug or id */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a profile (not its slug) */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/v1/profiles/{slug}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a profile and revoke all its keys */
        post: operations["archiveProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{slug}/limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set or remove the monthly spending limit */
        put: operations["setProfileLimit"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profiles/{slug}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage of a profile by service over a month or a range: live øre and counts, test counts */
        get: operations["getProfileUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/queues/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The callers waiting in a queue, first first, with their positions */
        get: operations["getQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/queues/{name}/dequeue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the first caller of a queue into a call (of the queue's profile); answers the moved caller's call */
        post: operations["dequeueCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List SMS, newest first, by profile, direction, state, recipient and time */
        get: operations["listSms"];
        put?: never;
        /** Send an SMS: priced and reserved now, sent by the outbox, reported by sms.status */
        post: operations["sendSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an SMS and its state */
        get: operations["getSms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a scheduled SMS (its reservation is released) */
        post: operations["cancelSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a text costs as SMS: encoding, units, the characters that force UCS-2, price (free; sends nothing) */
        post: operations["quoteSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List templates, oldest first */
        get: operations["listTemplates"];
        put?: never;
        /** Create a template (Liquid) for sms, email or letter; a syntax error names the line */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a template */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /** Delete a template */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /** Change a template's name or parts */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/v1/transcription/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List transcription jobs, newest first */
        get: operations["listTranscriptionJobs"];
        put?: never;
        /** Transcribe an audio clip or a call recording: a job that goes queued, running, then completed or failed */
        post: operations["createTranscriptionJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transcription/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a transcription job and, once completed, its transcript */
        get: operations["getTranscriptionJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transcription/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open a transcription session: a WebSocket (url, token) that takes audio and answers with what was said */
        post: operations["createTranscriptionSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transcription/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a transcription session: its status and, once closed, the audio received and its price */
        get: operations["getTranscriptionSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage of the company by profile and service over a month or a range (company key) */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /** Register a webhook endpoint (the signing secret is returned only here) */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook endpoint */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its pending deliveries */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /** Change the url, events or description of a webhook endpoint */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery attempts to this endpoint, newest first */
        get: operations["listWebhookAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/ed25519": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Turn on Ed25519 (v1a) signatures; returns the endpoint with its whpk_ public key */
        put: operations["setWebhookEndpointEd25519Key"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/failed-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries to this endpoint that gave up, newest first */
        get: operations["listFailedDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/recover-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resend every delivery that gave up (optionally since a time) */
        post: operations["recoverFailedDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/revive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-enable a disabled endpoint; deliveries that waited are sent at once */
        post: operations["reviveWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret (the previous one keeps signing for 24 hours) */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed webhook.test event to this endpoint */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    adminAddAvailableNumbers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    numbers: string[];
                    /** @description phone or sms */
                    type: "phone" | "sms";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        added: number;
                        alreadyPresent: number;
                        /** @enum {string} */
                        object: "inventory_load";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminListCompanies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description available balance in øre (reservations already taken off) */
                            balanceOre: number;
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            /** @description co_… */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            object: "company";
                            /** @description øre held by open reservations */
                            reservedOre: number;
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminCreateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description øre, excl. VAT */
                    balanceOre?: number;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description available balance in øre (reservations already taken off) */
                        balanceOre: number;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        /** @description co_… */
                        id: string;
                        /** @description sk_live_… with every scope, shown only here */
                        liveKey: string;
                        name: string;
                        /** @enum {string} */
                        object: "company";
                        /** @description øre held by open reservations */
                        reservedOre: number;
                        /** @description sk_test_… with every scope, shown only here */
                        testKey: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_unsupported */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminGetCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description available balance in øre (reservations already taken off) */
                        balanceOre: number;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        /** @description co_… */
                        id: string;
                        name: string;
                        /** @enum {string} */
                        object: "company";
                        /** @description øre held by open reservations */
                        reservedOre: number;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminGetCompanyPrices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description øre, excl. VAT */
                        appParticipantMinuteOre: number;
                        /** @description øre, excl. VAT */
                        botMinuteOre: number;
                        /** @description øre, excl. VAT */
                        emailOre: number;
                        /** @description øre, excl. VAT */
                        inboundMinuteOre: number;
                        /** @description øre, excl. VAT */
                        letterOre: number;
                        /** @description øre, excl. VAT */
                        phoneMinuteOre: number;
                        /** @description øre, excl. VAT */
                        phoneNumberMonthOre: number;
                        /** @description øre, excl. VAT */
                        recordingMinuteOre: number;
                        /** @description øre, excl. VAT */
                        smsNumberMonthOre: number;
                        /** @description øre, excl. VAT */
                        smsUnitOre: number;
                        /** @description øre, excl. VAT */
                        streamMinuteOre: number;
                        /** @description øre, excl. VAT */
                        transcriptionMinuteOre: number;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminSetCompanyPrices: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description øre, excl. VAT */
                        appParticipantMinuteOre: number;
                        /** @description øre, excl. VAT */
                        botMinuteOre: number;
                        /** @description øre, excl. VAT */
                        emailOre: number;
                        /** @description øre, excl. VAT */
                        inboundMinuteOre: number;
                        /** @description øre, excl. VAT */
                        letterOre: number;
                        /** @description øre, excl. VAT */
                        phoneMinuteOre: number;
                        /** @description øre, excl. VAT */
                        phoneNumberMonthOre: number;
                        /** @description øre, excl. VAT */
                        recordingMinuteOre: number;
                        /** @description øre, excl. VAT */
                        smsNumberMonthOre: number;
                        /** @description øre, excl. VAT */
                        smsUnitOre: number;
                        /** @description øre, excl. VAT */
                        streamMinuteOre: number;
                        /** @description øre, excl. VAT */
                        transcriptionMinuteOre: number;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminTopUpCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amountOre: number;
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amountOre: number;
                        balanceOre: number;
                        companyId: string;
                        entryId: string;
                        /** @enum {string} */
                        object: "top_up";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminListNumbers: {
        parameters: {
            query?: {
                companyId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            assignedTo: string | null;
                            companyId: string;
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            decideWithinSeconds: number;
                            /** @description num_… */
                            id: string;
                            inboundMode: "api" | "routing";
                            number: string;
                            /** @enum {string} */
                            object: "number";
                            /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                            paidUntil: string | null;
                            profileId: string;
                            /** @description when a deleted number is released (the end of its paid month) */
                            releaseAt: string | null;
                            routing: ({
                                /** @description E.164, e.g. +4712345678 */
                                to: string;
                                /** @enum {string} */
                                type: "forward";
                            } | {
                                text: string;
                                /** @enum {string} */
                                type: "message";
                                voice?: string;
                            } | {
                                externalRefs?: string[];
                                /** @enum {string} */
                                type: "browser";
                            }) | null;
                            /** @description SMS can be sent from the number */
                            smsEnabled: boolean;
                            /** @description suspended: the month could not be paid; held until a top-up pays it */
                            status: "active" | "suspended" | "released";
                            /** @description phone: a phone number; sms: a dedicated SMS number */
                            type: "phone" | "sms";
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminCreateNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assignedTo?: string | null;
                    companyId: string;
                    decideWithinSeconds?: number;
                    inboundMode?: "api" | "routing";
                    /** @description E.164, e.g. +4712345678 */
                    number: string;
                    /** Format: uuid */
                    profileId: string;
                    routing?: ({
                        /** @description E.164, e.g. +4712345678 */
                        to: string;
                        /** @enum {string} */
                        type: "forward";
                    } | {
                        text: string;
                        /** @enum {string} */
                        type: "message";
                        voice?: string;
                    } | {
                        externalRefs?: string[];
                        /** @enum {string} */
                        type: "browser";
                    }) | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: string | null;
                        companyId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        decideWithinSeconds: number;
                        /** @description num_… */
                        id: string;
                        inboundMode: "api" | "routing";
                        number: string;
                        /** @enum {string} */
                        object: "number";
                        /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                        paidUntil: string | null;
                        profileId: string;
                        /** @description when a deleted number is released (the end of its paid month) */
                        releaseAt: string | null;
                        routing: ({
                            /** @description E.164, e.g. +4712345678 */
                            to: string;
                            /** @enum {string} */
                            type: "forward";
                        } | {
                            text: string;
                            /** @enum {string} */
                            type: "message";
                            voice?: string;
                        } | {
                            externalRefs?: string[];
                            /** @enum {string} */
                            type: "browser";
                        }) | null;
                        /** @description SMS can be sent from the number */
                        smsEnabled: boolean;
                        /** @description suspended: the month could not be paid; held until a top-up pays it */
                        status: "active" | "suspended" | "released";
                        /** @description phone: a phone number; sms: a dedicated SMS number */
                        type: "phone" | "sms";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminGetNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: string | null;
                        companyId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        decideWithinSeconds: number;
                        /** @description num_… */
                        id: string;
                        inboundMode: "api" | "routing";
                        number: string;
                        /** @enum {string} */
                        object: "number";
                        /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                        paidUntil: string | null;
                        profileId: string;
                        /** @description when a deleted number is released (the end of its paid month) */
                        releaseAt: string | null;
                        routing: ({
                            /** @description E.164, e.g. +4712345678 */
                            to: string;
                            /** @enum {string} */
                            type: "forward";
                        } | {
                            text: string;
                            /** @enum {string} */
                            type: "message";
                            voice?: string;
                        } | {
                            externalRefs?: string[];
                            /** @enum {string} */
                            type: "browser";
                        }) | null;
                        /** @description SMS can be sent from the number */
                        smsEnabled: boolean;
                        /** @description suspended: the month could not be paid; held until a top-up pays it */
                        status: "active" | "suspended" | "released";
                        /** @description phone: a phone number; sms: a dedicated SMS number */
                        type: "phone" | "sms";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminUpdateNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assignedTo?: string | null;
                    decideWithinSeconds?: number;
                    inboundMode?: "api" | "routing";
                    /** Format: uuid */
                    profileId?: string;
                    routing?: ({
                        /** @description E.164, e.g. +4712345678 */
                        to: string;
                        /** @enum {string} */
                        type: "forward";
                    } | {
                        text: string;
                        /** @enum {string} */
                        type: "message";
                        voice?: string;
                    } | {
                        externalRefs?: string[];
                        /** @enum {string} */
                        type: "browser";
                    }) | null;
                    status?: "active" | "released";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: string | null;
                        companyId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        decideWithinSeconds: number;
                        /** @description num_… */
                        id: string;
                        inboundMode: "api" | "routing";
                        number: string;
                        /** @enum {string} */
                        object: "number";
                        /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                        paidUntil: string | null;
                        profileId: string;
                        /** @description when a deleted number is released (the end of its paid month) */
                        releaseAt: string | null;
                        routing: ({
                            /** @description E.164, e.g. +4712345678 */
                            to: string;
                            /** @enum {string} */
                            type: "forward";
                        } | {
                            text: string;
                            /** @enum {string} */
                            type: "message";
                            voice?: string;
                        } | {
                            externalRefs?: string[];
                            /** @enum {string} */
                            type: "browser";
                        }) | null;
                        /** @description SMS can be sent from the number */
                        smsEnabled: boolean;
                        /** @description suspended: the month could not be paid; held until a top-up pays it */
                        status: "active" | "suspended" | "released";
                        /** @description phone: a phone number; sms: a dedicated SMS number */
                        type: "phone" | "sms";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminCreateSimCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description +447700900xxx */
                    from: string;
                    /** @description E.164, e.g. +4712345678 */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        /** @description sim_… */
                        id: string;
                        /** @enum {string} */
                        object: "sim_call";
                        /** @enum {string} */
                        status: "offered";
                        to: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminListSimPhones: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description True for the built-in directory; a defined phone on the same number replaces it */
                            builtIn: boolean;
                            /** @description Null for built-in phones */
                            definedAt: string | null;
                            description: string;
                            number: string;
                            /** @enum {string} */
                            object: "sim_phone";
                            script: ({
                                ms: number;
                                /** @enum {string} */
                                step: "answerAfter";
                            } | {
                                /** @enum {string} */
                                step: "busy";
                            } | {
                                /** @enum {string} */
                                step: "noAnswer";
                            } | {
                                /** @enum {string} */
                                step: "say";
                                text: string;
                                voice?: string;
                            } | {
                                digits: string;
                                gapMs?: number;
                                /** @enum {string} */
                                step: "dtmf";
                                toneMs?: number;
                            } | {
                                hz: number;
                                ms: number;
                                /** @enum {string} */
                                step: "tone";
                            } | {
                                ms: number;
                                /** @enum {string} */
                                step: "wait";
                            } | {
                                /** @enum {string} */
                                step: "waitForAudio";
                            } | {
                                silenceMs?: number;
                                /** @enum {string} */
                                step: "waitForSilence";
                            } | {
                                /** @enum {string} */
                                step: "echo";
                            } | {
                                /** @enum {string} */
                                step: "hangup";
                            })[];
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    adminCreateSimPhone: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description E.164, e.g. +4712345678 */
                    number: string;
                    script: ({
                        ms: number;
                        /** @enum {string} */
                        step: "answerAfter";
                    } | {
                        /** @enum {string} */
                        step: "busy";
                    } | {
                        /** @enum {string} */
                        step: "noAnswer";
                    } | {
                        /** @enum {string} */
                        step: "say";
                        text: string;
                        voice?: string;
                    } | {
                        digits: string;
                        gapMs?: number;
                        /** @enum {string} */
                        step: "dtmf";
                        toneMs?: number;
                    } | {
                        hz: number;
                        ms: number;
                        /** @enum {string} */
                        step: "tone";
                    } | {
                        ms: number;
                        /** @enum {string} */
                        step: "wait";
                    } | {
                        /** @enum {string} */
                        step: "waitForAudio";
                    } | {
                        silenceMs?: number;
                        /** @enum {string} */
                        step: "waitForSilence";
                    } | {
                        /** @enum {string} */
                        step: "echo";
                    } | {
                        /** @enum {string} */
                        step: "hangup";
                    })[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description True for the built-in directory; a defined phone on the same number replaces it */
                        builtIn: boolean;
                        /** @description Null for built-in phones */
                        definedAt: string | null;
                        description: string;
                        number: string;
                        /** @enum {string} */
                        object: "sim_phone";
                        script: ({
                            ms: number;
                            /** @enum {string} */
                            step: "answerAfter";
                        } | {
                            /** @enum {string} */
                            step: "busy";
                        } | {
                            /** @enum {string} */
                            step: "noAnswer";
                        } | {
                            /** @enum {string} */
                            step: "say";
                            text: string;
                            voice?: string;
                        } | {
                            digits: string;
                            gapMs?: number;
                            /** @enum {string} */
                            step: "dtmf";
                            toneMs?: number;
                        } | {
                            hz: number;
                            ms: number;
                            /** @enum {string} */
                            step: "tone";
                        } | {
                            ms: number;
                            /** @enum {string} */
                            step: "wait";
                        } | {
                            /** @enum {string} */
                            step: "waitForAudio";
                        } | {
                            silenceMs?: number;
                            /** @enum {string} */
                            step: "waitForSilence";
                        } | {
                            /** @enum {string} */
                            step: "echo";
                        } | {
                            /** @enum {string} */
                            step: "hangup";
                        })[];
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            /** @description key_… */
                            id: string;
                            /** @description live or test */
                            mode: "live" | "test";
                            name: string;
                            /** @enum {string} */
                            object: "api_key";
                            /** @description The first characters of the key, for recognising it */
                            prefix: string;
                            profileId: string | null;
                            revokedAt: string | null;
                            scopes: string[];
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description live or test */
                    mode: "live" | "test";
                    name: string;
                    /** Format: uuid */
                    profileId?: string;
                    scopes: ("profiles:read" | "profiles:manage" | "usage:read" | "balance:read" | "numbers:read" | "numbers:write" | "keys:manage" | "calls:write" | "calls:read" | "streams:write" | "audio:write" | "audio:read" | "transcription:write" | "transcription:read" | "webhooks:manage" | "events:read" | "sms:send" | "sms:read" | "email:send" | "letters:send" | "contacts:read" | "contacts:write" | "templates:read" | "templates:write")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        /** @description key_… */
                        id: string;
                        /** @description sk_live_… or sk_test_…, shown only here */
                        key: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "api_key";
                        /** @description The first characters of the key, for recognising it */
                        prefix: string;
                        profileId: string | null;
                        revokedAt: string | null;
                        scopes: string[];
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_unsupported */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        /** @description key_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "api_key";
                        /** @description The first characters of the key, for recognising it */
                        prefix: string;
                        profileId: string | null;
                        revokedAt: string | null;
                        scopes: string[];
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        /** @description key_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "api_key";
                        /** @description The first characters of the key, for recognising it */
                        prefix: string;
                        profileId: string | null;
                        revokedAt: string | null;
                        scopes: string[];
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listAudioClips: {
        parameters: {
            query?: {
                /** @description Clips older than this clip id */
                before?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            durationMs: number;
                            /** @description clip_… */
                            id: string;
                            /** @description live or test */
                            mode: "live" | "test";
                            name: string;
                            /** @enum {string} */
                            object: "audio_clip";
                            /** @description Null: the clip belongs to the whole company */
                            profileId: string | null;
                            /** @enum {number} */
                            sampleRate: 16000;
                        }[];
                        hasMore: boolean;
                        /** @description Pass as before to continue */
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createAudioClip: {
        parameters: {
            query?: {
                /** @description A name for the clip (default: "clip") */
                name?: string;
                profileId?: string;
            };
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The bytes of a WAV file (16-bit PCM or G.711 mu-law, mono or stereo) */
        requestBody: {
            content: {
                "audio/wav": unknown;
                "audio/wave": unknown;
                "audio/x-wav": unknown;
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        durationMs: number;
                        /** @description clip_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "audio_clip";
                        /** @description Null: the clip belongs to the whole company */
                        profileId: string | null;
                        /** @enum {number} */
                        sampleRate: 16000;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getAudioClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        durationMs: number;
                        /** @description clip_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "audio_clip";
                        /** @description Null: the clip belongs to the whole company */
                        profileId: string | null;
                        /** @enum {number} */
                        sampleRate: 16000;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteAudioClip: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                        /** @enum {string} */
                        object: "audio_clip";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listAvailableNumbers: {
        parameters: {
            query?: {
                /** @description items per page (default 50) */
                limit?: number;
                /** @description the start of an E.164 number, e.g. +4723 */
                prefix?: string;
                /** @description phone or sms */
                type?: "phone" | "sms";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description øre, excl. VAT */
                            monthlyRentOre: number;
                            /** @description E.164 */
                            number: string;
                            /** @enum {string} */
                            object: "available_number";
                            /** @description phone or sms */
                            type: "phone" | "sms";
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description available øre (open reservations already taken off) */
                        balanceOre: number;
                        companyId: string;
                        /** @enum {string} */
                        currency: "NOK";
                        /** @enum {string} */
                        object: "balance";
                        /** @description how many reservations are open */
                        openReservations: number;
                        /** @description øre held by open reservations (calls under way) */
                        reservedOre: number;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amd?: {
                        clipId?: string;
                        mode: "detect" | "hangup_on_machine" | "voicemail_drop";
                        text?: string;
                    };
                    audioClipId?: string;
                    conference?: boolean;
                    externalRef?: string;
                    /** @description E.164, e.g. +4712345678 */
                    from?: string;
                    maxMinutes?: number;
                    /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                    metadata?: {
                        [key: string]: string | number | boolean | null;
                    };
                    participants?: {
                        displayName?: string;
                        externalRef?: string;
                        kind: "phone" | "app" | "bot" | "staff" | "ai_agent";
                        maxMinutes?: number;
                        /** @description E.164, e.g. +4712345678 */
                        to?: string;
                    }[];
                    /** Format: uuid */
                    profileId: string;
                    recording?: boolean;
                    repeat?: boolean;
                    ringTimeoutSeconds?: number;
                    stream?: {
                        /** @default talk */
                        audio?: "talk" | "listen";
                        customParameters?: {
                            [key: string]: string;
                        };
                        endpointId: string;
                        listen?: {
                            mode: "single" | "mixed";
                            participantId?: string;
                        };
                        maxMinutes?: number;
                        /** @default true */
                        reconnect?: boolean;
                    };
                    text?: string;
                    /** @description E.164, e.g. +4712345678 */
                    to?: string;
                    transcription?: boolean;
                    /** @description A speech voice: a language, optionally with -male or -female (any letter case). */
                    voice?: "en-GB" | "en-GB-male" | "en-GB-female" | "en-US" | "en-US-male" | "en-US-female" | "nb-NO" | "nb-NO-male" | "nb-NO-female" | "sv-SE" | "sv-SE-male" | "sv-SE-female" | "da-DK" | "da-DK-male" | "da-DK-female" | "de-DE" | "de-DE-male" | "de-DE-female" | "fr-FR" | "fr-FR-male" | "fr-FR-female" | "es-ES" | "es-ES-male" | "es-ES-female";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                    metadata: {
                        [key: string]: string | number | boolean | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    answerCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getCommand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                commandId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    sendDtmf: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    digits: string;
                    participantId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    gather: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    audioClipId?: string;
                    choices?: {
                        digits?: string;
                        id: string;
                        phrases?: string[];
                    }[];
                    finishOnKey?: "#" | "*" | "";
                    input?: ("dtmf" | "speech")[];
                    numDigits?: number;
                    text?: string;
                    timeoutSeconds?: number;
                    /** @description A speech voice: a language, optionally with -male or -female (any letter case). */
                    voice?: "en-GB" | "en-GB-male" | "en-GB-female" | "en-US" | "en-US-male" | "en-US-female" | "nb-NO" | "nb-NO-male" | "nb-NO-female" | "sv-SE" | "sv-SE-male" | "sv-SE-female" | "da-DK" | "da-DK-male" | "da-DK-female" | "de-DE" | "de-DE-male" | "de-DE-female" | "fr-FR" | "fr-FR-male" | "fr-FR-female" | "es-ES" | "es-ES-male" | "es-ES-female";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    hangupCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    stopMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    moveCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    callId: string;
                } | {
                    /** @description letters, digits, - _ . */
                    queue: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    offerCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    targets: ({
                        displayName?: string;
                        /** @enum {string} */
                        kind: "phone";
                        /** @description E.164, e.g. +4712345678 */
                        to: string;
                    } | {
                        displayName?: string;
                        externalRef?: string;
                        /** @enum {string} */
                        kind: "app";
                    } | {
                        displayName?: string;
                        externalRef: string;
                        /** @enum {string} */
                        kind: "staff";
                    })[];
                    /** @description Seconds to ring before giving up (default 30). */
                    timeoutSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acceptedBy: string | null;
                        callId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        expiresAt: string;
                        expiry: ("timeout" | "no_target_left") | null;
                        id: string;
                        /** @enum {string} */
                        object: "offer";
                        state: "ringing" | "accepted" | "expired" | "cancelled";
                        targets: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acceptedBy: string | null;
                        callId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        expiresAt: string;
                        expiry: ("timeout" | "no_target_left") | null;
                        id: string;
                        /** @enum {string} */
                        object: "offer";
                        state: "ringing" | "accepted" | "expired" | "cancelled";
                        targets: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    addParticipant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    participant: {
                        displayName?: string;
                        externalRef?: string;
                        kind: "phone" | "app" | "bot" | "staff" | "ai_agent";
                        maxMinutes?: number;
                        /** @description E.164, e.g. +4712345678 */
                        to?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audioMode: "talk" | "listen" | "whisper";
                        callId: string;
                        connection: {
                            token: string;
                            url: string;
                        } | null;
                        displayName: string | null;
                        externalRef: string | null;
                        held: boolean;
                        id: string;
                        joinedAt: string | null;
                        kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                        leftAt: string | null;
                        leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        linkedCallId?: string;
                        muted: boolean;
                        /** @enum {string} */
                        object: "participant";
                        state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                        to: string | null;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audioMode: "talk" | "listen" | "whisper";
                        callId: string;
                        connection: {
                            token: string;
                            url: string;
                        } | null;
                        displayName: string | null;
                        externalRef: string | null;
                        held: boolean;
                        id: string;
                        joinedAt: string | null;
                        kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                        leftAt: string | null;
                        leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        linkedCallId?: string;
                        muted: boolean;
                        /** @enum {string} */
                        object: "participant";
                        state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                        to: string | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    removeParticipant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                participantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "participant";
                        removed: boolean;
                        state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateParticipant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                participantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    audioMode?: "talk" | "listen" | "whisper";
                    held?: boolean;
                    muted?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audioMode: "talk" | "listen" | "whisper";
                        callId: string;
                        connection: {
                            token: string;
                            url: string;
                        } | null;
                        displayName: string | null;
                        externalRef: string | null;
                        held: boolean;
                        id: string;
                        joinedAt: string | null;
                        kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                        leftAt: string | null;
                        leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        linkedCallId?: string;
                        muted: boolean;
                        /** @enum {string} */
                        object: "participant";
                        state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                        to: string | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createParticipantToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                participantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audioMode: "talk" | "listen" | "whisper";
                        callId: string;
                        connection: {
                            token: string;
                            url: string;
                        } | null;
                        displayName: string | null;
                        externalRef: string | null;
                        held: boolean;
                        id: string;
                        joinedAt: string | null;
                        kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                        leftAt: string | null;
                        leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        linkedCallId?: string;
                        muted: boolean;
                        /** @enum {string} */
                        object: "participant";
                        state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                        to: string | null;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    play: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    audioClipId: string;
                    participantId?: string;
                    repeat?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    startRecording: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listRecordings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            callId: string;
                            commandId: string;
                            /** @enum {string} */
                            contentType: "audio/wav";
                            createdAt: string;
                            durationMs: number;
                            id: string;
                            /** @enum {string} */
                            object: "recording";
                            url: string;
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    downloadRecording: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                recordingId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (audio/wav) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/wav": string;
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    rejectCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    say: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    participantId?: string;
                    repeat?: number;
                    text: string;
                    /** @description A speech voice: a language, optionally with -male or -female (any letter case). */
                    voice?: "en-GB" | "en-GB-male" | "en-GB-female" | "en-US" | "en-US-male" | "en-US-female" | "nb-NO" | "nb-NO-male" | "nb-NO-female" | "sv-SE" | "sv-SE-male" | "sv-SE-female" | "da-DK" | "da-DK-male" | "da-DK-female" | "de-DE" | "de-DE-male" | "de-DE-female" | "fr-FR" | "fr-FR-male" | "fr-FR-female" | "es-ES" | "es-ES-male" | "es-ES-female";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    startStream: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default talk */
                    audio?: "talk" | "listen";
                    customParameters?: {
                        [key: string]: string;
                    };
                    endpointId: string;
                    listen?: {
                        mode: "single" | "mixed";
                        participantId?: string;
                    };
                    maxMinutes?: number;
                    /** @default true */
                    reconnect?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audio: "talk" | "listen";
                        callId: string;
                        endedAt: string | null;
                        endReason: ("stopped" | "call_ended" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        id: string;
                        listenParticipantId: string | null;
                        maxMinutes: number;
                        /** @enum {string} */
                        object: "stream";
                        startedAt: string | null;
                        state: "connecting" | "streaming" | "reconnecting" | "stopped";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audio: "talk" | "listen";
                        callId: string;
                        endedAt: string | null;
                        endReason: ("stopped" | "call_ended" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        id: string;
                        listenParticipantId: string | null;
                        maxMinutes: number;
                        /** @enum {string} */
                        object: "stream";
                        startedAt: string | null;
                        state: "connecting" | "streaming" | "reconnecting" | "stopped";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                streamId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audio: "talk" | "listen";
                        callId: string;
                        endedAt: string | null;
                        endReason: ("stopped" | "call_ended" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        id: string;
                        listenParticipantId: string | null;
                        maxMinutes: number;
                        /** @enum {string} */
                        object: "stream";
                        startedAt: string | null;
                        state: "connecting" | "streaming" | "reconnecting" | "stopped";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    stopStream: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                streamId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audio: "talk" | "listen";
                        callId: string;
                        endedAt: string | null;
                        endReason: ("stopped" | "call_ended" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                        id: string;
                        listenParticipantId: string | null;
                        maxMinutes: number;
                        /** @enum {string} */
                        object: "stream";
                        startedAt: string | null;
                        state: "connecting" | "streaming" | "reconnecting" | "stopped";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getCallTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        callId: string;
                        complete: boolean;
                        createdAt: string;
                        /** @enum {string} */
                        object: "transcript";
                        segments: {
                            confidence: number;
                            endMs: number;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            participantId: string;
                            startMs: number;
                            text: string;
                        }[];
                        source: "recording" | "live";
                        text: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    startTranscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    language?: string;
                    participantIds?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    stopTranscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "say" | "play" | "gather" | "media.stop" | "recording.start" | "transcription.start";
                        callId: string;
                        finishedAt: string | null;
                        id: string;
                        issuedAt: string;
                        /** @enum {string} */
                        object: "command";
                        reason: string | null;
                        result: {
                            choice: string | null;
                            confidence: number | null;
                            digits: string;
                            outcome: "digits" | "speech" | "timeout" | "stopped";
                            transcript: string | null;
                        } | null;
                        state: "issued" | "completed" | "failed" | "uncertain";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    transferCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName?: string;
                    kind?: "cold" | "warm";
                    /** @description Seconds to ring before giving up (default 30). */
                    timeoutSeconds?: number;
                    /** @description E.164, e.g. +4712345678 */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        callerId: string;
                        callId: string;
                        id: string;
                        kind: "cold" | "warm";
                        /** @enum {string} */
                        object: "transfer";
                        operatorIds: string[];
                        reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                        settledAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        startedAt: string;
                        state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                        /** Participant */
                        target: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        callerId: string;
                        callId: string;
                        id: string;
                        kind: "cold" | "warm";
                        /** @enum {string} */
                        object: "transfer";
                        operatorIds: string[];
                        reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                        settledAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        startedAt: string;
                        state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                        /** Participant */
                        target: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        };
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    cancelTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        callerId: string;
                        callId: string;
                        id: string;
                        kind: "cold" | "warm";
                        /** @enum {string} */
                        object: "transfer";
                        operatorIds: string[];
                        reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                        settledAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        startedAt: string;
                        state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                        /** Participant */
                        target: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        };
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    completeTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        callerId: string;
                        callId: string;
                        id: string;
                        kind: "cold" | "warm";
                        /** @enum {string} */
                        object: "transfer";
                        operatorIds: string[];
                        reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                        settledAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        startedAt: string;
                        state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                        /** Participant */
                        target: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        };
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listContactLists: {
        parameters: {
            query?: {
                after?: string;
                limit?: number;
                profileId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            description: string;
                            /** @description lst_… */
                            id: string;
                            memberCount: number;
                            /** @description live or test */
                            mode: "live" | "test";
                            name: string;
                            /** @enum {string} */
                            object: "contact_list";
                            /** Format: uuid */
                            profileId: string;
                            /** @description ISO 8601 UTC with milliseconds */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createContactList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    name: string;
                    /** Format: uuid */
                    profileId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        /** @description lst_… */
                        id: string;
                        memberCount: number;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "contact_list";
                        /** Format: uuid */
                        profileId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getContactList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        /** @description lst_… */
                        id: string;
                        memberCount: number;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "contact_list";
                        /** Format: uuid */
                        profileId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteContactList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                        /** @enum {string} */
                        object: "contact_list";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateContactList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        /** @description lst_… */
                        id: string;
                        memberCount: number;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "contact_list";
                        /** Format: uuid */
                        profileId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listContactListMembers: {
        parameters: {
            query?: {
                after?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                            attributes: {
                                [key: string]: string | number | boolean | null;
                            };
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            email: string | null;
                            externalRef: string | null;
                            /** @description cnt_… */
                            id: string;
                            /** @description live or test */
                            mode: "live" | "test";
                            name: string | null;
                            nationalId: string | null;
                            /** @enum {string} */
                            object: "contact";
                            phone: string | null;
                            /** Format: uuid */
                            profileId: string;
                            /** @description ISO 8601 UTC with milliseconds */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    addContactListMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    contactIds: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: number;
                        listId: string;
                        memberCount: number;
                        /** @enum {string} */
                        object: "contact_list_membership";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    removeContactListMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    contactIds: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: number;
                        listId: string;
                        memberCount: number;
                        /** @enum {string} */
                        object: "contact_list_membership";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listContacts: {
        parameters: {
            query?: {
                /** @description Contacts created after this contact id */
                after?: string;
                /** @description Your own id of the contact: unique within the profile */
                externalRef?: string;
                limit?: number;
                profileId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                            attributes: {
                                [key: string]: string | number | boolean | null;
                            };
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            email: string | null;
                            externalRef: string | null;
                            /** @description cnt_… */
                            id: string;
                            /** @description live or test */
                            mode: "live" | "test";
                            name: string | null;
                            nationalId: string | null;
                            /** @enum {string} */
                            object: "contact";
                            phone: string | null;
                            /** Format: uuid */
                            profileId: string;
                            /** @description ISO 8601 UTC with milliseconds */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                    attributes?: {
                        [key: string]: string | number | boolean | null;
                    };
                    email?: string;
                    /** @description Your own id of the contact: unique within the profile */
                    externalRef?: string;
                    name?: string;
                    /** @description Norwegian national identity number (11 digits) */
                    nationalId?: string;
                    /** @description E.164 (+4741234567), or a Norwegian number written nationally */
                    phone?: string;
                    /** Format: uuid */
                    profileId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        attributes: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        email: string | null;
                        externalRef: string | null;
                        /** @description cnt_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string | null;
                        nationalId: string | null;
                        /** @enum {string} */
                        object: "contact";
                        phone: string | null;
                        /** Format: uuid */
                        profileId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        attributes: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        email: string | null;
                        externalRef: string | null;
                        /** @description cnt_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string | null;
                        nationalId: string | null;
                        /** @enum {string} */
                        object: "contact";
                        phone: string | null;
                        /** Format: uuid */
                        profileId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                        /** @enum {string} */
                        object: "contact";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                    attributes?: {
                        [key: string]: string | number | boolean | null;
                    };
                    email?: string | null;
                    externalRef?: string | null;
                    name?: string | null;
                    nationalId?: string | null;
                    phone?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        attributes: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        email: string | null;
                        externalRef: string | null;
                        /** @description cnt_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string | null;
                        nationalId: string | null;
                        /** @enum {string} */
                        object: "contact";
                        phone: string | null;
                        /** Format: uuid */
                        profileId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    importContacts: {
        parameters: {
            query?: {
                /** @description Add every imported contact to this list */
                listId?: string;
                profileId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A CSV file: the first row names the columns (phone, email, nationalId, name, externalRef; others become attributes) */
        requestBody: {
            content: {
                "application/csv": unknown;
                "text/csv": unknown;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: number;
                        listId: string | null;
                        /** @enum {string} */
                        object: "contact_import";
                        /** Format: uuid */
                        profileId: string;
                        refused: number;
                        /** @description The first 10000 refused rows */
                        refusedRows: {
                            code: string;
                            message: string;
                            row: number;
                        }[];
                        rows: number;
                        updated: number;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_unsupported */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Events recorded after this event id */
                after?: string;
                limit?: number;
                /** @description Only events of this type */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            api_version: "1";
                            /** @description Content of the event; always has mode and profileId */
                            data: {
                                [key: string]: unknown;
                            };
                            /** @description evt_… */
                            id: string;
                            /** @enum {string} */
                            object: "event";
                            /** @description ISO 8601 UTC with milliseconds */
                            occurred_at: string;
                            /** @description Event type name, e.g. call.ended */
                            type: string;
                        }[];
                        hasMore: boolean;
                        /** @description Id of the last event of this page, or null when empty */
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        api_version: "1";
                        /** @description Content of the event; always has mode and profileId */
                        data: {
                            [key: string]: unknown;
                        };
                        /** @description evt_… */
                        id: string;
                        /** @enum {string} */
                        object: "event";
                        /** @description ISO 8601 UTC with milliseconds */
                        occurred_at: string;
                        /** @description Event type name, e.g. call.ended */
                        type: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    endpointId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attemptCount: number;
                        completedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        endpointId: string;
                        eventId: string;
                        eventType: string;
                        /** @description dlv_…, the webhook-id */
                        id: string;
                        nextAttemptAt: string | null;
                        /** @enum {string} */
                        object: "webhook_delivery";
                        state: "pending" | "succeeded" | "failed";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listNumbers: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                after?: string;
                /** @description items per page (default 50) */
                limit?: number;
                profileId?: string;
                status?: "active" | "suspended" | "released";
                /** @description phone or sms */
                type?: "phone" | "sms";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            assignedTo: string | null;
                            companyId: string;
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            decideWithinSeconds: number;
                            /** @description num_… */
                            id: string;
                            inboundMode: "api" | "routing";
                            number: string;
                            /** @enum {string} */
                            object: "number";
                            /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                            paidUntil: string | null;
                            profileId: string;
                            /** @description when a deleted number is released (the end of its paid month) */
                            releaseAt: string | null;
                            routing: ({
                                /** @description E.164, e.g. +4712345678 */
                                to: string;
                                /** @enum {string} */
                                type: "forward";
                            } | {
                                text: string;
                                /** @enum {string} */
                                type: "message";
                                voice?: string;
                            } | {
                                externalRefs?: string[];
                                /** @enum {string} */
                                type: "browser";
                            }) | null;
                            /** @description SMS can be sent from the number */
                            smsEnabled: boolean;
                            /** @description suspended: the month could not be paid; held until a top-up pays it */
                            status: "active" | "suspended" | "released";
                            /** @description phone: a phone number; sms: a dedicated SMS number */
                            type: "phone" | "sms";
                        }[];
                        hasMore: boolean;
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    rentNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assignedTo?: string | null;
                    decideWithinSeconds?: number;
                    inboundMode?: "api" | "routing";
                    /** @description E.164, e.g. +4712345678 */
                    number?: string;
                    /** @description the start of an E.164 number, e.g. +4723 */
                    prefix?: string;
                    /** Format: uuid */
                    profileId: string;
                    routing?: ({
                        /** @description E.164, e.g. +4712345678 */
                        to: string;
                        /** @enum {string} */
                        type: "forward";
                    } | {
                        text: string;
                        /** @enum {string} */
                        type: "message";
                        voice?: string;
                    } | {
                        externalRefs?: string[];
                        /** @enum {string} */
                        type: "browser";
                    }) | null;
                    /** @description phone or sms */
                    type?: "phone" | "sms";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: string | null;
                        companyId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        decideWithinSeconds: number;
                        /** @description num_… */
                        id: string;
                        inboundMode: "api" | "routing";
                        number: string;
                        /** @enum {string} */
                        object: "number";
                        /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                        paidUntil: string | null;
                        profileId: string;
                        /** @description when a deleted number is released (the end of its paid month) */
                        releaseAt: string | null;
                        routing: ({
                            /** @description E.164, e.g. +4712345678 */
                            to: string;
                            /** @enum {string} */
                            type: "forward";
                        } | {
                            text: string;
                            /** @enum {string} */
                            type: "message";
                            voice?: string;
                        } | {
                            externalRefs?: string[];
                            /** @enum {string} */
                            type: "browser";
                        }) | null;
                        /** @description SMS can be sent from the number */
                        smsEnabled: boolean;
                        /** @description suspended: the month could not be paid; held until a top-up pays it */
                        status: "active" | "suspended" | "released";
                        /** @description phone: a phone number; sms: a dedicated SMS number */
                        type: "phone" | "sms";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: string | null;
                        companyId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        decideWithinSeconds: number;
                        /** @description num_… */
                        id: string;
                        inboundMode: "api" | "routing";
                        number: string;
                        /** @enum {string} */
                        object: "number";
                        /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                        paidUntil: string | null;
                        profileId: string;
                        /** @description when a deleted number is released (the end of its paid month) */
                        releaseAt: string | null;
                        routing: ({
                            /** @description E.164, e.g. +4712345678 */
                            to: string;
                            /** @enum {string} */
                            type: "forward";
                        } | {
                            text: string;
                            /** @enum {string} */
                            type: "message";
                            voice?: string;
                        } | {
                            externalRefs?: string[];
                            /** @enum {string} */
                            type: "browser";
                        }) | null;
                        /** @description SMS can be sent from the number */
                        smsEnabled: boolean;
                        /** @description suspended: the month could not be paid; held until a top-up pays it */
                        status: "active" | "suspended" | "released";
                        /** @description phone: a phone number; sms: a dedicated SMS number */
                        type: "phone" | "sms";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: string | null;
                        companyId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        decideWithinSeconds: number;
                        /** @description num_… */
                        id: string;
                        inboundMode: "api" | "routing";
                        number: string;
                        /** @enum {string} */
                        object: "number";
                        /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                        paidUntil: string | null;
                        profileId: string;
                        /** @description when a deleted number is released (the end of its paid month) */
                        releaseAt: string | null;
                        routing: ({
                            /** @description E.164, e.g. +4712345678 */
                            to: string;
                            /** @enum {string} */
                            type: "forward";
                        } | {
                            text: string;
                            /** @enum {string} */
                            type: "message";
                            voice?: string;
                        } | {
                            externalRefs?: string[];
                            /** @enum {string} */
                            type: "browser";
                        }) | null;
                        /** @description SMS can be sent from the number */
                        smsEnabled: boolean;
                        /** @description suspended: the month could not be paid; held until a top-up pays it */
                        status: "active" | "suspended" | "released";
                        /** @description phone: a phone number; sms: a dedicated SMS number */
                        type: "phone" | "sms";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assignedTo?: string | null;
                    decideWithinSeconds?: number;
                    inboundMode?: "api" | "routing";
                    routing?: ({
                        /** @description E.164, e.g. +4712345678 */
                        to: string;
                        /** @enum {string} */
                        type: "forward";
                    } | {
                        text: string;
                        /** @enum {string} */
                        type: "message";
                        voice?: string;
                    } | {
                        externalRefs?: string[];
                        /** @enum {string} */
                        type: "browser";
                    }) | null;
                    smsEnabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignedTo: string | null;
                        companyId: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        decideWithinSeconds: number;
                        /** @description num_… */
                        id: string;
                        inboundMode: "api" | "routing";
                        number: string;
                        /** @enum {string} */
                        object: "number";
                        /** @description end of the paid month of a rented number (null: provisioned by the operator, no rent) */
                        paidUntil: string | null;
                        profileId: string;
                        /** @description when a deleted number is released (the end of its paid month) */
                        releaseAt: string | null;
                        routing: ({
                            /** @description E.164, e.g. +4712345678 */
                            to: string;
                            /** @enum {string} */
                            type: "forward";
                        } | {
                            text: string;
                            /** @enum {string} */
                            type: "message";
                            voice?: string;
                        } | {
                            externalRefs?: string[];
                            /** @enum {string} */
                            type: "browser";
                        }) | null;
                        /** @description SMS can be sent from the number */
                        smsEnabled: boolean;
                        /** @description suspended: the month could not be paid; held until a top-up pays it */
                        status: "active" | "suspended" | "released";
                        /** @description phone: a phone number; sms: a dedicated SMS number */
                        type: "phone" | "sms";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listProfiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            archivedAt: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            description: string;
                            /** @description UUID */
                            id: string;
                            limitOre: number | null;
                            name: string;
                            /** @enum {string} */
                            object: "profile";
                            services: {
                                email: boolean;
                                letters: boolean;
                                phone: boolean;
                                sms: boolean;
                            };
                            slug: string;
                            status: "active" | "archived";
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    name: string;
                    services?: {
                        email?: boolean;
                        letters?: boolean;
                        phone?: boolean;
                        sms?: boolean;
                    };
                    /** @description lowercase letters, digits and - */
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        /** @description UUID */
                        id: string;
                        limitOre: number | null;
                        name: string;
                        /** @enum {string} */
                        object: "profile";
                        services: {
                            email: boolean;
                            letters: boolean;
                            phone: boolean;
                            sms: boolean;
                        };
                        slug: string;
                        status: "active" | "archived";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description slug or profile id */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        /** @description UUID */
                        id: string;
                        limitOre: number | null;
                        name: string;
                        /** @enum {string} */
                        object: "profile";
                        services: {
                            email: boolean;
                            letters: boolean;
                            phone: boolean;
                            sms: boolean;
                        };
                        slug: string;
                        status: "active" | "archived";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description slug or profile id */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    name?: string;
                    services?: {
                        email?: boolean;
                        letters?: boolean;
                        phone?: boolean;
                        sms?: boolean;
                    };
                    /** @description Not changeable: sending it is an error (profile_slug_immutable). */
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        /** @description UUID */
                        id: string;
                        limitOre: number | null;
                        name: string;
                        /** @enum {string} */
                        object: "profile";
                        services: {
                            email: boolean;
                            letters: boolean;
                            phone: boolean;
                            sms: boolean;
                        };
                        slug: string;
                        status: "active" | "archived";
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    archiveProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description slug or profile id */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archivedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        /** @description UUID */
                        id: string;
                        limitOre: number | null;
                        name: string;
                        /** @enum {string} */
                        object: "profile";
                        services: {
                            email: boolean;
                            letters: boolean;
                            phone: boolean;
                            sms: boolean;
                        };
                        slug: string;
                        status: "active" | "archived";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    setProfileLimit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description slug or profile id */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description monthly limit in øre; null removes it */
                    limitOre: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limitOre: number | null;
                        profileId: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getProfileUsage: {
        parameters: {
            query?: {
                /** @description a UTC date (YYYY-MM-DD, its start) or an ISO 8601 UTC timestamp */
                from?: string;
                /** @description a UTC month, YYYY-MM */
                period?: string;
                /** @description a UTC date (YYYY-MM-DD, its start) or an ISO 8601 UTC timestamp */
                to?: string;
            };
            header?: never;
            path: {
                /** @description slug or profile id */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        currency: "NOK";
                        /** @description ISO 8601 UTC with milliseconds */
                        from: string;
                        limitOre: number | null;
                        live: {
                            services: {
                                [key: string]: {
                                    /** @description calls started (phone) */
                                    calls: number;
                                    /** @description messages charged (sms, email, letters) */
                                    messages: number;
                                    /** @description started minutes counted (phone, streams, bots, recordings, transcription) */
                                    minutes: number;
                                    /** @description øre, excl. VAT */
                                    ore: number;
                                    /** @description numbers: months of rent charged */
                                    units: number;
                                };
                            };
                            /** @description øre, excl. VAT */
                            totalOre: number;
                        };
                        /** @enum {string} */
                        object: "usage";
                        profileId: string;
                        test: {
                            services: {
                                [key: string]: {
                                    calls: number;
                                    messages: number;
                                    minutes: number;
                                    units: number;
                                };
                            };
                        };
                        /** @description ISO 8601 UTC with milliseconds */
                        to: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getQueue: {
        parameters: {
            query?: {
                profileId?: string;
            };
            header?: never;
            path: {
                /** @description letters, digits, - _ . */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        callers: {
                            callId: string;
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            from: string | null;
                            position: number;
                            waitSeconds: number;
                        }[];
                        name: string;
                        /** @enum {string} */
                        object: "queue";
                        size: number;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    dequeueCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description letters, digits, - _ . */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    callId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answeredAt: string | null;
                        assignedTo: string | null;
                        conference: boolean;
                        countedMinutes: number | null;
                        createdAt: string;
                        decideBy: string | null;
                        direction: "outbound" | "inbound";
                        duration: number | null;
                        endedAt: string | null;
                        endReason: ("hangup_phone" | "hangup_api" | "busy" | "no_answer" | "failed" | "paid_time_exhausted" | "last_person_left" | "machine_detected" | "voicemail_left" | "rejected" | "routing_ended" | "not_started" | "moved_call_ended") | null;
                        externalRef: string | null;
                        from: string | null;
                        id: string;
                        /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description live or test */
                        mode: "live" | "test";
                        movedInto?: string | null;
                        numberId: string | null;
                        /** @enum {string} */
                        object: "call";
                        offer: {
                            acceptedBy: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                            expiry: ("timeout" | "no_target_left") | null;
                            id: string;
                            state: "ringing" | "accepted" | "expired" | "cancelled";
                            targetIds: string[];
                        } | null;
                        participants: {
                            audioMode: "talk" | "listen" | "whisper";
                            callId: string;
                            connection: {
                                token: string;
                                url: string;
                            } | null;
                            displayName: string | null;
                            externalRef: string | null;
                            held: boolean;
                            id: string;
                            joinedAt: string | null;
                            kind: "phone" | "app" | "bot" | "stream" | "staff" | "ai_agent" | "call";
                            leftAt: string | null;
                            leftReason: ("hangup" | "busy" | "no_answer" | "failed" | "removed" | "disconnected" | "join_timeout" | "paid_time_exhausted" | "test_time_limit" | "token_expired" | "call_ended" | "offer_taken" | "offer_expired" | "offer_cancelled" | "transferred" | "transfer_cancelled" | "rejected" | "moved" | "stopped" | "max_minutes" | "server_closed" | "reconnect_gave_up" | "server_unresponsive" | "connect_failed") | null;
                            linkedCallId?: string;
                            muted: boolean;
                            /** @enum {string} */
                            object: "participant";
                            state: "dialing" | "ringing" | "waiting" | "joined" | "reconnecting" | "left";
                            to: string | null;
                        }[];
                        priceItems: {
                            id: string;
                            item: string;
                            minutes: number;
                            priceOre: number;
                            rateOre: number;
                        }[] | null;
                        priceOre: number | null;
                        profileId: string;
                        queue?: {
                            /** @description ISO 8601 UTC with milliseconds */
                            enqueuedAt: string;
                            name: string;
                        } | null;
                        state: "dialing" | "ringing" | "in_progress" | "ended";
                        to: string | null;
                        transfer: {
                            callerId: string;
                            id: string;
                            kind: "cold" | "warm";
                            operatorIds: string[];
                            reason: ("busy" | "no_answer" | "failed" | "hangup" | "api" | "caller_left" | "call_ended") | null;
                            state: "ringing" | "talking" | "completed" | "cancelled" | "failed";
                            targetId: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listSms: {
        parameters: {
            query?: {
                /** @description Cursor: the nextCursor of the previous page */
                before?: string;
                createdAfter?: string;
                createdBefore?: string;
                direction?: "outbound" | "inbound";
                limit?: number;
                profileId?: string;
                state?: "scheduled" | "accepted" | "sending" | "sent" | "delivered" | "undelivered" | "expired" | "rejected" | "failed" | "canceled" | "received";
                /** @description E.164, e.g. +4712345678 */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            direction: "outbound" | "inbound";
                            encoding: "gsm7" | "ucs2";
                            errorCode: string | null;
                            errorDesc: string | null;
                            externalRef: string | null;
                            from: string;
                            id: string;
                            metadata: {
                                [key: string]: string | number | boolean | null;
                            } | null;
                            /** @description live or test */
                            mode: "live" | "test";
                            /** @enum {string} */
                            object: "sms";
                            priceOre: number;
                            /** Format: uuid */
                            profileId: string;
                            sendAt: string | null;
                            state: "scheduled" | "accepted" | "sending" | "sent" | "delivered" | "undelivered" | "expired" | "rejected" | "failed" | "canceled" | "received";
                            text: string;
                            to: string;
                            units: number;
                            /** @description ISO 8601 UTC with milliseconds */
                            updatedAt: string;
                            validUntil: string | null;
                        }[];
                        hasMore: boolean;
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    sendSms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    externalRef?: string;
                    /** @description A number of the profile with SMS on (E.164) or a registered alphanumeric sender id */
                    from: string;
                    /** @description At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null */
                    metadata?: {
                        [key: string]: string | number | boolean | null;
                    };
                    /** Format: uuid */
                    profileId: string;
                    /**
                     * Format: date-time
                     * @description Send later (at most 7 days ahead); until then the message can be canceled
                     */
                    sendAt?: string;
                    /** @description At most 10 units */
                    text: string;
                    /** @description E.164, e.g. +4712345678 */
                    to: string;
                    /** @description How long the network keeps trying (default 172800) */
                    validitySeconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        direction: "outbound" | "inbound";
                        encoding: "gsm7" | "ucs2";
                        errorCode: string | null;
                        errorDesc: string | null;
                        externalRef: string | null;
                        from: string;
                        id: string;
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        } | null;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "sms";
                        priceOre: number;
                        /** Format: uuid */
                        profileId: string;
                        sendAt: string | null;
                        state: "scheduled" | "accepted" | "sending" | "sent" | "delivered" | "undelivered" | "expired" | "rejected" | "failed" | "canceled" | "received";
                        text: string;
                        to: string;
                        units: number;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        validUntil: string | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getSms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        direction: "outbound" | "inbound";
                        encoding: "gsm7" | "ucs2";
                        errorCode: string | null;
                        errorDesc: string | null;
                        externalRef: string | null;
                        from: string;
                        id: string;
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        } | null;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "sms";
                        priceOre: number;
                        /** Format: uuid */
                        profileId: string;
                        sendAt: string | null;
                        state: "scheduled" | "accepted" | "sending" | "sent" | "delivered" | "undelivered" | "expired" | "rejected" | "failed" | "canceled" | "received";
                        text: string;
                        to: string;
                        units: number;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        validUntil: string | null;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    cancelSms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        direction: "outbound" | "inbound";
                        encoding: "gsm7" | "ucs2";
                        errorCode: string | null;
                        errorDesc: string | null;
                        externalRef: string | null;
                        from: string;
                        id: string;
                        metadata: {
                            [key: string]: string | number | boolean | null;
                        } | null;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "sms";
                        priceOre: number;
                        /** Format: uuid */
                        profileId: string;
                        sendAt: string | null;
                        state: "scheduled" | "accepted" | "sending" | "sent" | "delivered" | "undelivered" | "expired" | "rejected" | "failed" | "canceled" | "received";
                        text: string;
                        to: string;
                        units: number;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        validUntil: string | null;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    quoteSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    profileId?: string;
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        encoding: "gsm7" | "ucs2";
                        maxUnits: number;
                        nonGsmCharacters: string[];
                        /** @enum {string} */
                        object: "sms_quote";
                        priceOre: number;
                        units: number;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                after?: string;
                channel?: "sms" | "email" | "letter";
                limit?: number;
                profileId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            body: string | null;
                            channel: "sms" | "email" | "letter";
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            html: string | null;
                            /** @description tpl_… */
                            id: string;
                            /** @description live or test */
                            mode: "live" | "test";
                            name: string;
                            /** @enum {string} */
                            object: "template";
                            /** Format: uuid */
                            profileId: string;
                            subject: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Liquid: {{ contact.name }}, {{ contact.attributes.plan }} */
                    body?: string;
                    channel: "sms" | "email" | "letter";
                    /** @description Liquid: {{ contact.name }}, {{ contact.attributes.plan }} */
                    html?: string;
                    name: string;
                    /** Format: uuid */
                    profileId?: string;
                    subject?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        body: string | null;
                        channel: "sms" | "email" | "letter";
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        html: string | null;
                        /** @description tpl_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "template";
                        /** Format: uuid */
                        profileId: string;
                        subject: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        body: string | null;
                        channel: "sms" | "email" | "letter";
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        html: string | null;
                        /** @description tpl_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "template";
                        /** Format: uuid */
                        profileId: string;
                        subject: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                        /** @enum {string} */
                        object: "template";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body?: string | null;
                    html?: string | null;
                    name?: string;
                    subject?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        body: string | null;
                        channel: "sms" | "email" | "letter";
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        html: string | null;
                        /** @description tpl_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        name: string;
                        /** @enum {string} */
                        object: "template";
                        /** Format: uuid */
                        profileId: string;
                        subject: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listTranscriptionJobs: {
        parameters: {
            query?: {
                before?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            completedAt: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            durationMs: number;
                            failureReason: string | null;
                            id: string;
                            language: string;
                            /** @description live or test */
                            mode: "live" | "test";
                            /** @enum {string} */
                            object: "transcription_job";
                            priceOre: number;
                            profileId: string | null;
                            source: {
                                clipId: string;
                                /** @enum {string} */
                                type: "clip";
                            } | {
                                callId: string;
                                recordingId: string;
                                /** @enum {string} */
                                type: "recording";
                            };
                            status: "queued" | "running" | "completed" | "failed";
                            transcript: {
                                complete: boolean;
                                segments: {
                                    confidence: number;
                                    endMs: number;
                                    startMs: number;
                                    text: string;
                                }[];
                                text: string;
                            } | null;
                        }[];
                        hasMore: boolean;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createTranscriptionJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An audio clip (POST /v1/audio-clips) */
                    clipId?: string;
                    /** @description BCP 47, default en-US */
                    language?: string;
                    /** @description A call recording (call.recording.ready) */
                    recordingId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        completedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        durationMs: number;
                        failureReason: string | null;
                        id: string;
                        language: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "transcription_job";
                        priceOre: number;
                        profileId: string | null;
                        source: {
                            clipId: string;
                            /** @enum {string} */
                            type: "clip";
                        } | {
                            callId: string;
                            recordingId: string;
                            /** @enum {string} */
                            type: "recording";
                        };
                        status: "queued" | "running" | "completed" | "failed";
                        transcript: {
                            complete: boolean;
                            segments: {
                                confidence: number;
                                endMs: number;
                                startMs: number;
                                text: string;
                            }[];
                            text: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getTranscriptionJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        completedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        durationMs: number;
                        failureReason: string | null;
                        id: string;
                        language: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "transcription_job";
                        priceOre: number;
                        profileId: string | null;
                        source: {
                            clipId: string;
                            /** @enum {string} */
                            type: "clip";
                        } | {
                            callId: string;
                            recordingId: string;
                            /** @enum {string} */
                            type: "recording";
                        };
                        status: "queued" | "running" | "completed" | "failed";
                        transcript: {
                            complete: boolean;
                            segments: {
                                confidence: number;
                                endMs: number;
                                startMs: number;
                                text: string;
                            }[];
                            text: string;
                        } | null;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createTranscriptionSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required. Replays of the same key return the stored response. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    encoding?: "pcm16" | "mulaw";
                    /** @description BCP 47, default en-US */
                    language?: string;
                    /** @description Minutes of audio at most (default 10); reserved at creation */
                    maxMinutes?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audioMs: number | null;
                        closedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        encoding: "pcm16" | "mulaw";
                        /** @description ISO 8601 UTC with milliseconds */
                        expiresAt: string;
                        id: string;
                        language: string;
                        maxMinutes: number;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "transcription_session";
                        priceOre: number;
                        profileId: string | null;
                        sampleRate: 16000 | 8000;
                        status: "open" | "closed" | "expired";
                        token?: string;
                        url: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getTranscriptionSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audioMs: number | null;
                        closedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        encoding: "pcm16" | "mulaw";
                        /** @description ISO 8601 UTC with milliseconds */
                        expiresAt: string;
                        id: string;
                        language: string;
                        maxMinutes: number;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "transcription_session";
                        priceOre: number;
                        profileId: string | null;
                        sampleRate: 16000 | 8000;
                        status: "open" | "closed" | "expired";
                        token?: string;
                        url: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description a UTC date (YYYY-MM-DD, its start) or an ISO 8601 UTC timestamp */
                from?: string;
                /** @description a UTC month, YYYY-MM */
                period?: string;
                /** @description a UTC date (YYYY-MM-DD, its start) or an ISO 8601 UTC timestamp */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        currency: "NOK";
                        /** @description ISO 8601 UTC with milliseconds */
                        from: string;
                        /** @enum {string} */
                        object: "company_usage";
                        profiles: {
                            live: {
                                services: {
                                    [key: string]: {
                                        /** @description calls started (phone) */
                                        calls: number;
                                        /** @description messages charged (sms, email, letters) */
                                        messages: number;
                                        /** @description started minutes counted (phone, streams, bots, recordings, transcription) */
                                        minutes: number;
                                        /** @description øre, excl. VAT */
                                        ore: number;
                                        /** @description numbers: months of rent charged */
                                        units: number;
                                    };
                                };
                                /** @description øre, excl. VAT */
                                totalOre: number;
                            };
                            profileId: string;
                            slug: string;
                            test: {
                                services: {
                                    [key: string]: {
                                        calls: number;
                                        messages: number;
                                        minutes: number;
                                        units: number;
                                    };
                                };
                            };
                        }[];
                        /** @description ISO 8601 UTC with milliseconds */
                        to: string;
                        /** @description øre, excl. VAT */
                        totalOre: number;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            description: string;
                            disabled: boolean;
                            disabledAt: string | null;
                            disabledReason: ("gone" | "failing") | null;
                            events: string[];
                            /** @description First failed attempt since the last success */
                            failingSince: string | null;
                            /** @description ep_… */
                            id: string;
                            /** @description live or test */
                            mode: "live" | "test";
                            /** @enum {string} */
                            object: "webhook_endpoint";
                            profileId: string | null;
                            /** @description whpk_… when Ed25519 (v1a) signing is on */
                            publicKey: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            updatedAt: string;
                            url: string;
                        }[];
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    events: string[];
                    /** @description live or test */
                    mode?: "live" | "test";
                    /** Format: uuid */
                    profileId?: string;
                    /** @description https URL on port 443 of a public host */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        disabled: boolean;
                        disabledAt: string | null;
                        disabledReason: ("gone" | "failing") | null;
                        events: string[];
                        /** @description First failed attempt since the last success */
                        failingSince: string | null;
                        /** @description ep_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        profileId: string | null;
                        /** @description whpk_… when Ed25519 (v1a) signing is on */
                        publicKey: string | null;
                        /** @description whsec_…, shown only here and by rotate-secret */
                        secret: string;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        disabled: boolean;
                        disabledAt: string | null;
                        disabledReason: ("gone" | "failing") | null;
                        events: string[];
                        /** @description First failed attempt since the last success */
                        failingSince: string | null;
                        /** @description ep_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        profileId: string | null;
                        /** @description whpk_… when Ed25519 (v1a) signing is on */
                        publicKey: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                        /** @enum {string} */
                        object: "webhook_endpoint";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    events?: string[];
                    /** @description https URL on port 443 of a public host */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        disabled: boolean;
                        disabledAt: string | null;
                        disabledReason: ("gone" | "failing") | null;
                        events: string[];
                        /** @description First failed attempt since the last success */
                        failingSince: string | null;
                        /** @description ep_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        profileId: string | null;
                        /** @description whpk_… when Ed25519 (v1a) signing is on */
                        publicKey: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listWebhookAttempts: {
        parameters: {
            query?: {
                /** @description Items older than this id */
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC with milliseconds */
                            attemptedAt: string;
                            deliveryId: string;
                            durationMs: number;
                            endpointId: string;
                            error: string | null;
                            eventId: string;
                            /** @description att_… */
                            id: string;
                            /** @enum {string} */
                            object: "webhook_attempt";
                            /** @description At most 1 KiB of the response body */
                            responseBody: string | null;
                            /** @description Null when no response came */
                            statusCode: number | null;
                        }[];
                        hasMore: boolean;
                        /** @description Pass as before to continue */
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    setWebhookEndpointEd25519Key: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        disabled: boolean;
                        disabledAt: string | null;
                        disabledReason: ("gone" | "failing") | null;
                        events: string[];
                        /** @description First failed attempt since the last success */
                        failingSince: string | null;
                        /** @description ep_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        profileId: string | null;
                        /** @description whpk_… when Ed25519 (v1a) signing is on */
                        publicKey: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listFailedDeliveries: {
        parameters: {
            query?: {
                /** @description Items older than this id */
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attemptCount: number;
                            completedAt: string | null;
                            /** @description ISO 8601 UTC with milliseconds */
                            createdAt: string;
                            endpointId: string;
                            eventId: string;
                            eventType: string;
                            /** @description dlv_…, the webhook-id */
                            id: string;
                            nextAttemptAt: string | null;
                            /** @enum {string} */
                            object: "webhook_delivery";
                            state: "pending" | "succeeded" | "failed";
                        }[];
                        hasMore: boolean;
                        /** @description Pass as before to continue */
                        nextCursor: string | null;
                        /** @enum {string} */
                        object: "list";
                    };
                };
            };
            /** @description Error: invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    recoverFailedDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ISO 8601; only deliveries created at or after this time */
                    since?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "webhook_recovery";
                        recovered: number;
                    };
                };
            };
            /** @description Error: invalid_request, invalid_json, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    reviveWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        description: string;
                        disabled: boolean;
                        disabledAt: string | null;
                        disabledReason: ("gone" | "failing") | null;
                        events: string[];
                        /** @description First failed attempt since the last success */
                        failingSince: string | null;
                        /** @description ep_… */
                        id: string;
                        /** @description live or test */
                        mode: "live" | "test";
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        profileId: string | null;
                        /** @description whpk_… when Ed25519 (v1a) signing is on */
                        publicKey: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "webhook_secret";
                        /** @description ISO 8601 UTC with milliseconds */
                        previousExpiresAt: string;
                        /** @description whsec_…, shown only here */
                        secret: string;
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional; recommended. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attemptCount: number;
                        completedAt: string | null;
                        /** @description ISO 8601 UTC with milliseconds */
                        createdAt: string;
                        endpointId: string;
                        eventId: string;
                        eventType: string;
                        /** @description dlv_…, the webhook-id */
                        id: string;
                        nextAttemptAt: string | null;
                        /** @enum {string} */
                        object: "webhook_delivery";
                        state: "pending" | "succeeded" | "failed";
                    };
                };
            };
            /** @description Error: invalid_request, idempotency_key_invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: unauthenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_in_flight */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: idempotency_key_reuse */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Error: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description A code from the error catalogue, e.g. not_found. */
                            code: string;
                            /** @description What went wrong, for a person. */
                            message: string;
                            /** @description The request field or header at fault. */
                            param?: string;
                            /** @description Id of this request (also in the request-id header). */
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
}
