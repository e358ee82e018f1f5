export { createSentralClient, SentralApiError, apiError, type SentralClient, type SentralClientOptions } from './client.js';
export { verifyWebhook, WebhookVerificationError, type SignatureKeys, type WebhookEvent } from './webhooks.js';
// A customer's WebSocket server checks a stream's upgrade (`svc-stream`) and then its start message.
export { verifyStreamUpgrade, assertStartMatches, STREAM_SIGNATURE_HEADER } from '../../../shared/signing/stream-signature.js';
export { operations, idempotency, listCursors } from './operations.js';
export type { paths, components } from './schema.js';
