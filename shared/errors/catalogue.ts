/** One entry of the error catalogue: the HTTP status and the default message of a code. */
export interface ErrorEntry {
  status: number;
  message: string;
}

/**
 * The one catalogue of error codes. Every error a client can see comes from here; later parts of the
 * system add their codes to this table, never elsewhere.
 */
export const errorCatalogue = {
  // request shape
  invalid_request: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  unsupported_media_type: { status: 415, message: 'The request body must be application/json.' },
  payload_too_large: { status: 413, message: 'The request body is larger than the limit.' },
  not_found: { status: 404, message: 'No such resource.' },
  method_not_allowed: { status: 405, message: 'The method is not allowed on this resource.' },
  conflict: { status: 409, message: 'The request conflicts with the current state of the resource.' },
  // authentication and authorization
  unauthenticated: { status: 401, message: 'A valid API key is required in the Authorization header.' },
  forbidden: { status: 403, message: 'The key lacks the scope this operation needs.' },
  rate_limited: { status: 429, message: 'Too many requests; retry after the time in Retry-After.' },
  api_key_limit_reached: { status: 409, message: 'The company has the most active API keys allowed (500); revoke one before creating another.' },
  // idempotency
  idempotency_key_required: { status: 400, message: 'This operation requires an Idempotency-Key header.' },
  idempotency_key_invalid: { status: 400, message: 'Idempotency-Key must be 1 to 255 printable characters.' },
  idempotency_key_reuse: { status: 422, message: 'The Idempotency-Key was used before with different content.' },
  idempotency_in_flight: { status: 409, message: 'The first request with this Idempotency-Key is still running.' },
  idempotency_unsupported: { status: 400, message: 'This operation does not accept an Idempotency-Key.' },
  // dependencies
  service_unavailable: { status: 503, message: 'A backing service is unavailable; retry later.' },
  internal_error: { status: 500, message: 'An internal error occurred.' },
  // calls (interface)
  call_already_routed: { status: 409, message: 'The decision window has passed and the number routing ran.' },
  call_already_decided: { status: 409, message: 'The inbound call was already decided by an earlier action (answer, participants, offers, transfer, move or reject).' },
  call_not_inbound: { status: 409, message: 'Only an inbound call takes this action (answer, reject, move).' },
  capability_unavailable: { status: 501, message: 'This capability is not available.' },
  // calls (the call actor)
  call_ended: { status: 409, message: 'The call has ended.' },
  call_not_answered: { status: 409, message: 'The call is not answered yet.' },
  participant_left: { status: 409, message: 'The participant has left the call.' },
  participant_no_connection: { status: 400, message: 'Only app, staff, bot and AI agent participants have connection details.' },
  stream_limit_reached: { status: 409, message: 'A call has at most one stream.' },
  no_caller: { status: 409, message: 'The call has no telephone party (the caller) to offer or transfer.' },
  transfer_in_progress: { status: 409, message: 'A transfer or an offer is already under way in this call; complete or cancel it first.' },
  no_transfer_in_progress: { status: 409, message: 'No transfer is under way in this call.' },
  transfer_not_answered: { status: 409, message: 'The transfer target has not answered yet; a warm transfer completes once it has.' },
  gather_in_progress: { status: 409, message: 'A gather is already running in this call.' },
  move_target_invalid: { status: 422, message: 'A caller cannot be moved into its own call, nor into a call whose caller was itself moved or queued.' },
  move_target_ended: { status: 409, message: 'The call to move the caller into has ended.' },
  queue_empty: { status: 409, message: 'No caller waits in this queue.' },
  queue_caller_taken: { status: 409, message: 'The caller no longer waits in this queue (taken out, moved on or hung up).' },
  // calls API (creation rules, limits and capabilities not opened yet)
  from_not_allowed: { status: 422, message: 'from must be an active number of the profile.' },
  call_without_party: { status: 400, message: 'A call needs to, or participants of which at least one is a person (phone, app user or staff member).' },
  phone_service_disabled: { status: 403, message: 'The profile does not have the phone service switched on.' },
  media_unavailable: { status: 503, message: 'No media node has room for the call; retry shortly.' },
  transcription_running: { status: 409, message: 'Live transcription is already running on this call: stop it first.' },
  transcription_not_running: { status: 409, message: 'No live transcription is running on this call.' },
  transcript_not_ready: { status: 404, message: 'The call has no transcript (none was made, or it is not ready yet).' },
  transcription_source_required: { status: 400, message: 'A transcription job needs exactly one of clipId and recordingId.' },
  transcription_source_missing: { status: 410, message: 'The audio of the transcription job is no longer stored.' },
  transcription_failed: { status: 502, message: 'The recognizer could not transcribe the audio.' },
  transcription_unanswered: { status: 503, message: 'No media node answered the transcription request in time.' },
  transcription_token_invalid: { status: 401, message: 'The transcription session token is missing, malformed, wrongly signed or not valid yet.' },
  transcription_token_expired: { status: 401, message: 'The transcription session token has expired; create a new session.' },
  transcription_session_used: { status: 409, message: 'The transcription session was already connected once; create a new session.' },
  transcription_session_limit: { status: 413, message: "The session received its maxMinutes of audio; the rest was not transcribed." },
  transcription_message_invalid: { status: 400, message: 'Send audio as binary frames (PCM16 LE: an even number of bytes) and only {"type":"stop"} as text.' },
  stream_concurrency_limit: { status: 429, message: 'The company already has 5 streams open; stop one first.' },
  recording_not_stored: { status: 410, message: 'The recording file is not in this installation\'s storage.' },
  // webhooks (interface)
  webhook_delivery_not_found: { status: 404, message: 'No delivery of this event to this endpoint that gave up.' },
  // webhooks and stream targets
  invalid_target_url: { status: 400, message: 'The target URL must be https on port 443 to a public address.' },
  webhook_endpoint_disabled: { status: 409, message: 'The webhook endpoint is disabled; revive it first.' },
  // accounts, profiles and money (control API core)
  profile_slug_immutable: { status: 400, message: 'A profile slug cannot be changed after creation.' },
  profile_slug_taken: { status: 409, message: 'Another profile of this company already has this slug.' },
  profile_archived: { status: 409, message: 'The profile is archived; it starts nothing new.' },
  profile_limit_reached: { status: 402, message: 'The profile has reached its monthly spending limit.' },
  insufficient_balance: { status: 402, message: 'The company balance is too low for this operation.' },
  reservation_exceeded: { status: 409, message: 'The amount is more than what remains of the reservation.' },
  number_taken: { status: 409, message: 'This phone number is already provisioned.' },
  // streams to customers' servers (wire error messages and the svc-stream signature)
  stream_invalid_json: { status: 400, message: 'A stream message must be one JSON object in a text frame.' },
  stream_binary_frame: { status: 400, message: 'Binary frames are not accepted; send JSON text frames.' },
  stream_message_too_large: { status: 413, message: 'A stream message must be at most 64 KiB; it was dropped.' },
  stream_unknown_event: { status: 400, message: 'The event is not one of media, mark or clear.' },
  stream_invalid_message: { status: 400, message: 'The message does not have the shape of its event.' },
  stream_wrong_stream_sid: { status: 400, message: 'streamSid does not match this stream.' },
  stream_invalid_payload: { status: 400, message: 'media.payload must be base64 of mu-law audio.' },
  stream_listen_only: { status: 400, message: 'This stream is listen-only; its media is ignored.' },
  stream_playout_overflow: { status: 400, message: 'The playout buffer is full; the excess was dropped.' },
  stream_signature_invalid: { status: 401, message: 'The svc-stream signature is missing, malformed, expired or wrong.' },
  stream_start_mismatch: { status: 401, message: 'The start message streamSid differs from the signed stream id.' },
  // media node: room endpoint (wire error messages) and control operations
  room_token_invalid: { status: 401, message: 'The room token is missing, malformed or wrongly signed.' },
  room_token_expired: { status: 401, message: 'The room token has expired; fetch a new one.' },
  room_token_not_yet_valid: { status: 401, message: 'The room token is not valid yet.' },
  room_token_superseded: { status: 401, message: 'A newer token was issued for this participant; connect with that one.' },
  room_participant_unknown: { status: 404, message: 'The participant is not in a call on this media node.' },
  room_replaced: { status: 409, message: 'A newer connection of this participant replaced this one.' },
  room_participant_removed: { status: 410, message: 'The participant was removed from the call.' },
  room_frame_invalid: { status: 400, message: 'An audio frame must be 640 bytes: 20 ms of PCM16 LE, 16 kHz, mono.' },
  room_message_invalid: { status: 400, message: 'A text frame must be one JSON room message.' },
  room_message_too_large: { status: 413, message: 'A text frame must be at most 16 KiB; it was dropped.' },
  room_data_forbidden: { status: 403, message: 'This participant may not send data messages.' },
  room_publish_forbidden: { status: 403, message: 'This participant may not publish audio.' },
  media_session_not_found: { status: 404, message: 'The call has no open session on this media node.' },
  media_leg_not_found: { status: 404, message: 'The participant has no leg in this session.' },
  media_leg_exists: { status: 409, message: 'The participant already has a leg in this session.' },
  media_capacity_exhausted: { status: 503, message: 'The media node is at capacity.' },
  media_clip_not_found: { status: 404, message: 'No audio clip with this id.' },
  media_speech_unavailable: { status: 503, message: 'The media node has no speech recognizer.' },
  media_recording_not_found: { status: 404, message: 'No running recording with this id in the session.' },
  media_transcription_not_found: { status: 404, message: 'No running transcription with this id in the session.' },
  // command failure reasons (a command's `reason` and call.command.failed / uncertain)
  media_error: { status: 502, message: 'The media node refused the command without saying why.' },
  media_unreachable: { status: 503, message: 'The media node did not answer.' },
  media_unresponsive: { status: 504, message: 'The media node did not report the command\'s outcome in time; it may have been carried out.' },
  playback_failed: { status: 502, message: 'The audio could not be played (speech could not be rendered, or the clip could not be read).' },
  recording_failed: { status: 502, message: 'The recording could not be written.' },
  // audio and speech
  unsupported_audio_format: { status: 415, message: 'Audio must be a WAV file of 16-bit PCM or G.711 mu-law, mono or stereo.' },
  invalid_voice: { status: 400, message: 'The voice is not one of the supported voices.' },
  // call actors (the actor host's answers to mailbox messages)
  actor_not_found: { status: 404, message: 'No call actor with this id.' },
  actor_ended: { status: 409, message: 'The call has ended; it takes no further actions.' },
  actor_unavailable: { status: 503, message: 'The call did not answer in time; retry with the same Idempotency-Key.' },
  actor_message_unknown: { status: 404, message: 'No processed message with this id (nothing to replay).' },
  actor_message_unstorable: { status: 422, message: 'The request holds data the call cannot store (such as a lone UTF-16 surrogate or a NUL character); nothing was changed.' },
  actor_message_too_large: { status: 413, message: "The request is too large for a call's mailbox; nothing was changed." },
  actor_message_invalid: { status: 400, message: 'The message is not one a call can read; nothing was changed.' },
  actor_failed: { status: 500, message: 'The call failed to handle this request; nothing was changed and the failure was recorded.' },
  // contacts, CSV imports (a refused row's code), templates and campaigns
  contact_phone_invalid: { status: 400, message: 'The phone number is not valid (E.164, e.g. +4741234567, or a Norwegian number).' },
  contact_email_invalid: { status: 400, message: 'The email address is not valid.' },
  contact_national_id_invalid: { status: 400, message: 'The national identity number is not valid (11 digits with both check digits).' },
  contact_address_missing: { status: 400, message: 'A contact needs at least one of phone, email and nationalId.' },
  contact_external_ref_taken: { status: 409, message: 'Another contact of this profile has this externalRef.' },
  contact_external_ref_duplicate: { status: 400, message: 'An earlier row of the file has the same externalRef; this row was not imported.' },
  contact_import_too_large: { status: 413, message: 'A CSV import takes at most 100,000 rows and 64 MiB; nothing was imported.' },
  contact_import_header_invalid: { status: 400, message: 'The first row must name the columns (phone, email, nationalId, name, externalRef, or an attribute name).' },
  csv_row_too_long: { status: 400, message: 'The row is longer than 65,536 characters.' },
  csv_quotes_invalid: { status: 400, message: 'The row has text after a closing quote, or a quote that is never closed.' },
  csv_text_invalid: { status: 400, message: 'The row is not valid UTF-8 text or holds a NUL character.' },
  csv_column_count: { status: 400, message: 'The row has a different number of fields than the header.' },
  csv_formula_refused: { status: 400, message: 'A field starts like a spreadsheet formula (=, @, +, - or a tab); such rows are refused.' },
  template_syntax_error: { status: 422, message: 'The template does not parse; the message names the part and the line.' },
  template_render_error: { status: 422, message: 'The template failed to render; the message names the part and the line.' },
  template_limit_exceeded: { status: 422, message: 'The template ran past its limits (render time, memory or output length) and was stopped.' },
} as const satisfies Record<string, ErrorEntry>;

/** A code of the error catalogue. */
export type ErrorCode = keyof typeof errorCatalogue;
