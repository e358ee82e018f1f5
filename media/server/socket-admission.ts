import type { ErrorCode } from '../../shared/errors/catalogue.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

/** Bytes of messages a socket may send before its token is checked; the rest are dropped. */
const HELD_BYTES = 64 * 1024;

/** How a socket's token check came out: its claims, or the catalogued reason it is refused. */
export type Admission<C> = { claims: C } | { refusal: ErrorCode };

/**
 * A WebSocket's token, checked after the upgrade (see upgradeWithToken), and the messages the client sent
 * while the check ran: kept, copied (uWS reuses their buffers), to be handled in order once it is done, so a
 * client that speaks as soon as the socket opens loses nothing.
 */
export class SocketAdmission<C> {
  /** Resolves with the claims or the refusal; never rejects. */
  readonly result: Promise<Admission<C>>;
  private held: { message: ArrayBuffer; isBinary: boolean }[] | null = [];
  private heldBytes = 0;

  constructor(token: string | null, verify: (token: string) => Promise<C>, invalid: ErrorCode) {
    this.result = token
      ? verify(token).then(
          (claims) => ({ claims }),
          (err: unknown) => ({ refusal: isSentralError(err) ? err.code : invalid }),
        )
      : Promise.resolve({ refusal: invalid });
  }

  /** True until `drain`: messages are to be held, not handled. */
  get pending(): boolean {
    return this.held !== null;
  }

  /** Keeps a copy of a message that arrived before the check was done (within HELD_BYTES). */
  hold(message: ArrayBuffer, isBinary: boolean): void {
    if (this.held === null || this.heldBytes + message.byteLength > HELD_BYTES) return;
    this.heldBytes += message.byteLength;
    this.held.push({ message: message.slice(0), isBinary });
  }

  /** Hands the held messages to `handle` in arrival order; from now on messages are handled as they come. */
  drain(handle: (message: ArrayBuffer, isBinary: boolean) => void): void {
    const held = this.held ?? [];
    this.held = null;
    for (const { message, isBinary } of held) handle(message, isBinary);
  }
}
