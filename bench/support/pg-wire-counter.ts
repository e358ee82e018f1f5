/**
 * Counts the statements this process sends to PostgreSQL by reading its socket writes (the wire protocol's
 * Execute and Query messages), for benchmarks. postgres.js's own hook (`debug`, openDatabase's `onQuery`)
 * makes every query capture a stack trace (`new Error()` in its Query constructor): about 4 % of a loaded
 * installation's CPU in the call-setup profile, which production never pays. Reading the writes costs a
 * walk over message headers.
 */
import { Socket } from 'node:net';

// The start-up message of a connection has no type byte: protocol 3.0 in bytes 4-7.
const PROTOCOL_3 = 196_608;
// An SSL or GSS request (also untyped) comes before the start-up message.
const UNTYPED_REQUESTS = new Set([80_877_103, 80_877_104]);

interface WireState {
  pg: boolean;
  /** Prepared statements of the connection, by name. */
  statements: Map<string, string>;
  /** The statement the next Execute runs (the last Bind's). */
  bound: string;
}
const states = new WeakMap<Socket, WireState>();

function cstring(buf: Buffer, at: number): [string, number] {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

function read(state: WireState, buf: Buffer, onStatement: (text: string) => void): void {
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at]!;
    const length = buf.readInt32BE(at + 1);
    const body = at + 5;
    if (type === 0x50 /* P: Parse */) {
      const [name, next] = cstring(buf, body);
      const [text] = cstring(buf, next);
      state.statements.set(name, text);
      if (name === '') state.bound = text;
    } else if (type === 0x42 /* B: Bind */) {
      const [, next] = cstring(buf, body);
      const [name] = cstring(buf, next);
      state.bound = state.statements.get(name) ?? state.bound;
    } else if (type === 0x45 /* E: Execute */) {
      onStatement(state.bound);
    } else if (type === 0x51 /* Q: Query */) {
      onStatement(cstring(buf, body)[0]);
    }
    at += 1 + length;
  }
}

/** From now on, tells `onStatement` the text of every statement any PostgreSQL connection of this process sends. */
export function countStatementsOnTheWire(onStatement: (text: string) => void): void {
  const write = Socket.prototype.write;
  Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
    if (Buffer.isBuffer(chunk) && chunk.length >= 8) {
      let state = states.get(this);
      if (!state) {
        const untyped = chunk.readInt32BE(4);
        state = { pg: untyped === PROTOCOL_3 || UNTYPED_REQUESTS.has(untyped), statements: new Map(), bound: '' };
        states.set(this, state);
      } else if (state.pg) {
        read(state, chunk, onStatement);
      }
    }
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
}
