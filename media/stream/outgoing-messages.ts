import type { StreamEndReason } from '../../protocol/stream/stream-end-reason.js';
import type { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';
import type {
  ConnectedMessage,
  DtmfMessage,
  ErrorMessage,
  MarkMessage,
  StartMessage,
  StopMessage,
} from '../../protocol/stream/service-messages.js';

/**
 * The messages a stream sends the customer's server, numbered: every message but connected takes the next
 * sequence number (media included, when it is sent), media messages also the next chunk number. Both go on
 * across reconnects.
 */
export class OutgoingMessages {
  private sequence = 0;
  private chunk = 0;

  constructor(
    private readonly spec: StreamLegSpec,
    private readonly callId: string,
  ) {}

  /** The sequence number the next message gets. */
  get nextSequence(): number {
    return this.sequence + 1;
  }

  /** The chunk number the next media message gets. */
  get nextChunk(): number {
    return this.chunk + 1;
  }

  /** Takes the numbers of the media message being sent (written by media-message.ts). */
  takeMediaNumbers(): void {
    this.sequence++;
    this.chunk++;
  }

  /** The first message on every connection (no sequence number). */
  connected(): ConnectedMessage {
    return { event: 'connected', protocol: 'Call', version: '1.0.0' };
  }

  /** The start message; `resumed` on the one that follows a reconnect. */
  start(resumed: boolean): StartMessage {
    const { spec } = this;
    return {
      event: 'start',
      sequenceNumber: this.take(),
      streamSid: spec.streamId,
      start: {
        streamSid: spec.streamId,
        accountSid: spec.accountSid,
        callSid: this.callId,
        tracks: ['inbound'],
        customParameters: { ...spec.customParameters, from_number: spec.from ?? '', to_number: spec.to ?? '' },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        svc: { callId: this.callId, from: spec.from, to: spec.to, resumed },
      },
    };
  }

  /** A keypad digit pressed in the call. */
  dtmf(digit: string): DtmfMessage {
    return { event: 'dtmf', sequenceNumber: this.take(), streamSid: this.spec.streamId, dtmf: { track: 'inbound_track', digit } };
  }

  /** The echo of the customer's mark `name`, once the audio queued before it has played. */
  mark(name: string): MarkMessage {
    return { event: 'mark', sequenceNumber: this.take(), streamSid: this.spec.streamId, mark: { name } };
  }

  /** The answer to a customer's message the stream refused. */
  error(error: ErrorMessage['error']): ErrorMessage {
    return { event: 'error', sequenceNumber: this.take(), streamSid: this.spec.streamId, error };
  }

  /** The last message before the stream closes the socket. */
  stop(reason: StreamEndReason): StopMessage {
    return {
      event: 'stop',
      sequenceNumber: this.take(),
      streamSid: this.spec.streamId,
      stop: { accountSid: this.spec.accountSid, callSid: this.callId, reason },
    };
  }

  private take(): string {
    return String(++this.sequence);
  }
}
