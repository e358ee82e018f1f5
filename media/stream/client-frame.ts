/**
 * A WebSocket text frame from a client (RFC 6455 §5.2: FIN, opcode 1, masked with a fresh random key), made
 * from a message that was written with FRAME_HEADROOM bytes free before it, into a frame buffer laid out the
 * same way (or in place). The stream's media message leaves this way fifty times a second: the message's
 * text and its frame are buffers reused from frame to frame, where `ws` would allocate a frame and copy the
 * message into it on every send.
 */
import { randomFillSync } from 'node:crypto';

/**
 * Bytes kept free before a message: the longest client header (2 + 8 + 4) rounded up to 16, so the message
 * starts on a word boundary and is masked a word at a time.
 */
export const FRAME_HEADROOM = 16;
const KEY_AT = FRAME_HEADROOM - 4;

// Masking keys come from a pool of random bytes refilled when used up, as `ws` does.
const KEYS = new Int32Array(1024);
let nextKey = KEYS.length;

function maskingKey(): number {
  if (nextKey === KEYS.length) {
    randomFillSync(KEYS);
    nextKey = 0;
  }
  return KEYS[nextKey++]!;
}

/**
 * Frames the message at `text[FRAME_HEADROOM, end)` into `buffer`, masked at the same offsets; `words` and
 * `textWords` view the two buffers' memory from their starts, which must be word-aligned. `text` may be
 * `buffer` itself (framed in place, its bytes left masked). Returns where the frame starts in `buffer`: it
 * runs from there to `end`.
 */
export function frameInto(buffer: Uint8Array, words: Int32Array, text: Uint8Array, textWords: Int32Array, end: number): number {
  const length = end - FRAME_HEADROOM;
  let start: number;
  if (length < 126) {
    start = FRAME_HEADROOM - 6;
    buffer[start + 1] = 0x80 | length;
  } else if (length < 0x10000) {
    start = FRAME_HEADROOM - 8;
    buffer[start + 1] = 0x80 | 126;
    buffer[start + 2] = length >>> 8;
    buffer[start + 3] = length & 0xff;
  } else {
    start = FRAME_HEADROOM - 14;
    buffer[start + 1] = 0x80 | 127;
    // A 64-bit length; a message in memory is far below 2^32 bytes.
    buffer.fill(0, start + 2, start + 6);
    buffer[start + 6] = length >>> 24;
    buffer[start + 7] = (length >>> 16) & 0xff;
    buffer[start + 8] = (length >>> 8) & 0xff;
    buffer[start + 9] = length & 0xff;
  }
  buffer[start] = 0x81;
  // The key is stored and applied as the same word, so its bytes on the wire are its bytes in memory.
  const key = maskingKey();
  words[KEY_AT >>> 2] = key;
  const first = FRAME_HEADROOM >>> 2;
  const whole = length >>> 2;
  for (let i = first; i < first + whole; i++) words[i] = textWords[i]! ^ key;
  for (let i = FRAME_HEADROOM + whole * 4; i < end; i++) buffer[i] = text[i]! ^ buffer[KEY_AT + ((i - FRAME_HEADROOM) & 3)]!;
  return start;
}
