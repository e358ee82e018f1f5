import { Type, type Static } from 'typebox';

/**
 * Why a stream ended, as the media node reports it and as `stop.reason` tells the customer:
 * - stopped: the stream was stopped through the API (or its participant removed);
 * - call_ended: the call is over;
 * - max_minutes: the stream reached its maxMinutes (or 60 s under a test key);
 * - server_closed: the customer's server closed the socket with a close frame;
 * - reconnect_gave_up: the socket dropped and redialling failed for about 60 s (or reconnect was off);
 * - server_unresponsive: the customer's server stopped reading, so its socket buffer stayed full;
 * - connect_failed: the first dial failed (refused, timed out, or the upgrade was not accepted).
 */
export const StreamEndReason = Type.Union([
  Type.Literal('stopped'),
  Type.Literal('call_ended'),
  Type.Literal('max_minutes'),
  Type.Literal('server_closed'),
  Type.Literal('reconnect_gave_up'),
  Type.Literal('server_unresponsive'),
  Type.Literal('connect_failed'),
]);
/** Why a stream ended. */
export type StreamEndReason = Static<typeof StreamEndReason>;
