/**
 * The fast path for what a customer's server sends fifty times a second: whole, unfragmented text frames.
 * The stream reads its connection here, in front of `ws`'s receiver: each such frame's text goes straight
 * to the stream, where `ws` would pass the bytes through its receiver (a Writable stream), its frame states
 * and two events. Everything else is `ws`'s, byte for byte: whole valid pings and pongs (after which the fast
 * path goes on), and from the first frame of any other kind (close, binary, fragments, reserved bits or
 * opcodes, masking, 64-bit lengths), or when the connection closes, the rest of the connection. So every
 * check, error and close code stays `ws`'s, and the stream gets exactly the messages `ws` would give it (a
 * property test feeds both the same frames, cut anywhere).
 *
 * Every frame taken is one `ws` reads as a message whatever its text: the stream's socket skips UTF-8
 * validation (bad text gets an error message, not a close), and its largest message (1 MiB) is above any
 * 16-bit length. A frame cut by the end of a read is collected in a buffer of its own size, so a frame sent
 * a byte at a time costs one copy of each byte.
 */

/** What the fast path does with a connection's bytes. */
export interface IncomingFramesSink {
  /** The text of a whole text frame, a view of the bytes read (as `ws` gives it). */
  text(data: Buffer): void;
  /** Bytes of pings and pongs for `ws`'s receiver, in order. */
  other(bytes: Buffer): void;
  /** From now on `ws` reads the connection itself; `rest` (maybe empty) are the bytes it gets first. */
  handOver(rest: Buffer): void;
}

const FIN = 0x80;
const RSV = 0x70;
const MASK = 0x80;
const TEXT = 0x1;
const PING = 0x9;
const PONG = 0xa;
const CONTROL_MAX = 125;

/** Splits one connection's incoming bytes between the fast path and `ws`. */
export class IncomingFrames {
  /** The first bytes of a frame header cut by the end of a chunk (at most 3). */
  private pending: Buffer | null = null;
  /** A text frame cut by the end of a chunk, filled in as the rest comes (its size is known from its header). */
  private filling: Buffer | null = null;
  private filled = 0;
  private fillingHeader = 0;
  /** Bytes of a ping or pong `ws` still has to get. */
  private owed = 0;
  /** Everything goes to `ws` from here on. */
  private handedOver = false;

  constructor(private readonly sink: IncomingFramesSink) {}

  /** Reads one chunk from the connection (never called after the hand-over). */
  push(chunk: Buffer): void {
    let at = 0;
    if (this.owed > 0) {
      at = Math.min(this.owed, chunk.length);
      this.owed -= at;
      this.sink.other(chunk.subarray(0, at));
    } else if (this.filling !== null) {
      const frame = this.filling;
      at = Math.min(frame.length - this.filled, chunk.length);
      chunk.copy(frame, this.filled, 0, at);
      this.filled += at;
      if (this.filled < frame.length) return;
      this.filling = null;
      this.sink.text(frame.subarray(this.fillingHeader));
    }
    let buf = chunk;
    if (this.pending !== null) {
      buf = Buffer.concat([this.pending, chunk]);
      this.pending = null;
    }
    while (buf.length - at >= 2) {
      const first = buf[at]!;
      const second = buf[at + 1]!;
      const opcode = first & 0x0f;
      const plain = (first & (FIN | RSV)) === FIN && (second & MASK) === 0;
      let length = second & 0x7f;
      if (plain && opcode === TEXT && length <= 126) {
        let header = 2;
        if (length === 126) {
          if (buf.length - at < 4) break;
          length = (buf[at + 2]! << 8) | buf[at + 3]!;
          header = 4;
        }
        if (buf.length - at < header + length) {
          this.filling = Buffer.allocUnsafe(header + length);
          this.filled = buf.copy(this.filling, 0, at);
          this.fillingHeader = header;
          return;
        }
        this.sink.text(buf.subarray(at + header, at + header + length));
        at += header + length;
      } else if (plain && (opcode === PING || opcode === PONG) && length <= CONTROL_MAX) {
        const end = Math.min(at + 2 + length, buf.length);
        this.owed = at + 2 + length - end;
        this.sink.other(buf.subarray(at, end));
        at = end;
      } else {
        this.handedOver = true;
        this.sink.handOver(buf.subarray(at));
        return;
      }
    }
    if (at < buf.length) this.pending = Buffer.from(buf.subarray(at));
  }

  /**
   * Gives the connection back to `ws` at once, with the start of a frame still held here (the connection
   * closes: `ws` reads what is left of it itself). A ping or pong cut short needs nothing: its rest comes next.
   */
  handOver(): void {
    if (this.handedOver) return;
    this.handedOver = true;
    const rest = this.pending ?? this.filling?.subarray(0, this.filled) ?? Buffer.alloc(0);
    this.pending = null;
    this.filling = null;
    this.sink.handOver(rest);
  }
}
