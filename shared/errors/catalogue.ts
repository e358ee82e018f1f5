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
  capability_unavailable: { status: 501, message: 'This capability is not available.' },
  // webhooks (interface)
  webhook_delivery_not_found: { status: 404, message: 'No delivery of this event to this endpoint that gave up.' },
} as const satisfies Record<string, ErrorEntry>;

/** A code of the error catalogue. */
export type ErrorCode = keyof typeof errorCatalogue;
