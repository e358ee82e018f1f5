import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { CheckedTarget } from '../../shared/net/target-check.js';
import { pinnedLookup } from '../../shared/net/pinned-lookup.js';
import { signedStreamUrl, STREAM_SIGNATURE_HEADER, streamSignatureHeader } from '../../shared/signing/stream-signature.js';
import type { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';
import { IncomingFrames } from './incoming-frames.js';

/** Frames above this size are a WebSocket protocol violation (ws closes with 1009). */
const MAX_WS_PAYLOAD = 1024 * 1024;
/** Customer bytes read before the socket pauses for one turn of the event loop. */
const READ_SHARE_BYTES = 64 * 1024;
/** Customer messages read before the socket pauses for one turn of the event loop. */
const READ_SHARE_MESSAGES = 256;

/**
 * Opens the WebSocket to the customer's server for stream `spec` at the checked address `target`: the upgrade
 * is signed (`svc-stream`, at time `now`) and the socket follows no redirect and skips UTF-8 validation.
 */
export function openCustomerSocket(spec: StreamLegSpec, target: CheckedTarget, now: number, handshakeTimeoutMs: number): WebSocket {
  const signature = streamSignatureHeader({
    streamId: spec.streamId,
    url: spec.url,
    secrets: spec.secrets,
    now,
    ...(spec.ed25519PrivateKey !== undefined ? { ed25519PrivateKey: spec.ed25519PrivateKey } : {}),
  });
  return new WebSocket(signedStreamUrl(spec.url), {
    headers: { [STREAM_SIGNATURE_HEADER]: signature },
    handshakeTimeout: handshakeTimeoutMs,
    maxPayload: MAX_WS_PAYLOAD,
    perMessageDeflate: false,
    followRedirects: false,
    // Dialled at the checked address (SNI and Host keep the name): DNS cannot change it after the check.
    lookup: pinnedLookup(target),
    // Invalid UTF-8 gets an error message like any other bad frame instead of closing the socket.
    skipUTF8Validation: true,
  });
}

/**
 * Puts the fast path for whole text frames (incoming-frames.ts) in front of `ws`'s reading of the
 * connection `wire`: `ws`'s own listener, the connection's only one once it is open, gets everything else and
 * takes the connection back for good at the first frame it must judge, or when the connection closes.
 * With any other listener there, `ws` reads alone. `text` gets each whole text frame's text.
 */
export function readTextFramesFirst(wire: Socket, text: (data: Buffer) => void): void {
  const listeners = wire.listeners('data');
  if (listeners.length !== 1) return;
  const wsRead = listeners[0] as (chunk: Buffer) => void;
  const read = (chunk: Buffer): void => frames.push(chunk);
  const frames = new IncomingFrames({
    text,
    other: (bytes) => wsRead.call(wire, bytes),
    handOver: (rest) => {
      wire.removeListener('data', read);
      wire.on('data', wsRead);
      if (rest.length > 0) wsRead.call(wire, rest);
    },
  });
  wire.removeListener('data', wsRead);
  wire.on('data', read);
  // Before ws's own close handling, which reads what the connection still holds straight into its receiver.
  wire.prependOnceListener('close', () => frames.handOver());
}

/**
 * Reads a flood a share at a time: after READ_SHARE_MESSAGES messages or READ_SHARE_BYTES the socket pauses
 * until the next turn of the event loop, so the tick and the other streams run in between (ws still hands
 * over the rest of the chunk it is reading, at most 64 KiB).
 */
export class ReadShare {
  private bytes = 0;
  private messages = 0;

  /** Counts one message of `bytes` read from `socket`, pausing it when its share is used up. */
  take(socket: WebSocket, bytes: number): void {
    this.bytes += bytes;
    this.messages++;
    if (socket.isPaused || (this.bytes < READ_SHARE_BYTES && this.messages < READ_SHARE_MESSAGES)) return;
    socket.pause();
    setImmediate(() => {
      this.bytes = 0;
      this.messages = 0;
      socket.resume();
    });
  }
}
