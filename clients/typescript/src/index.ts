export { createSentralClient, SentralApiError, apiError, type SentralClient, type SentralClientOptions } from './client.js';
export { verifyWebhook, WebhookVerificationError, type SignatureKeys, type WebhookEvent, type WebhookKeys } from './webhooks.js';
export { eventTypes, type SentralEvent, type SentralEvents, type SentralEventType } from './events.js';
// A customer's WebSocket server checks a stream's upgrade (`svc-stream`) and then its start message.
export {
  verifyStreamUpgrade, assertStartMatches, parseStreamSignature, signedStreamUrl, StreamVerificationError, STREAM_SIGNATURE_HEADER,
  type StreamSignatureParts, type UpgradeHeaders, type VerifyStreamUpgradeOptions,
} from './stream-upgrade.js';
export { verifySignature, DEFAULT_TOLERANCE_SECONDS, type VerifyKeys, type VerifyOptions } from './signature.js';
export { operations, idempotency, listCursors } from './operations.js';
export type { paths, components } from './schema.js';
// App and bot participants join a call's media room with the `{url, token}` of their `connection`.
export { RoomClient, RoomError, type RoomClientEvents, type RoomClientOptions, type RoomConnectionInfo, type RoomSocket, type RoomSocketFactory } from './room-client.js';
export { ROOM_FRAME_SAMPLES, ROOM_SAMPLE_RATE } from './room-frames.js';
export {
  ROOM_CLOSE, ROOM_FRAME_BYTES, ROOM_MAX_TEXT_BYTES,
  type RoomClientMessage, type RoomData, type RoomErrorMessage, type RoomJoined, type RoomParticipant, type RoomParticipantKind, type RoomServerMessage,
} from './room-messages.js';
