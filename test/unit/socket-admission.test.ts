import { describe, expect, it } from 'vitest';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { SocketAdmission } from '../../media/server/socket-admission.js';

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const bytes = (...values: number[]): ArrayBuffer => new Uint8Array(values).buffer;

describe('socket admission', () => {
  it('hands what the client sent during the token check over afterwards, in order, as it was sent', async () => {
    const check = deferred<{ sub: string }>();
    const admission = new SocketAdmission('token', () => check.promise, 'room_token_invalid');
    const first = bytes(1, 2, 3);
    admission.hold(first, true);
    admission.hold(bytes(4), false);
    new Uint8Array(first).fill(9); // uWS reuses a message's buffer once its handler returns
    expect(admission.pending).toBe(true);
    check.resolve({ sub: 'part_a' });
    expect(await admission.result).toEqual({ claims: { sub: 'part_a' } });
    const handled: Array<[number[], boolean]> = [];
    admission.drain((message, isBinary) => handled.push([[...new Uint8Array(message)], isBinary]));
    expect(handled).toEqual([[[1, 2, 3], true], [[4], false]]);
    expect(admission.pending).toBe(false);
  });

  it('keeps at most 64 KiB of early messages: a flood during the check is dropped, not buffered', () => {
    const admission = new SocketAdmission('token', () => new Promise(() => undefined), 'room_token_invalid');
    for (let i = 0; i < 200; i++) admission.hold(new ArrayBuffer(640), true);
    let kept = 0;
    admission.drain(() => kept++);
    expect(kept).toBe(102);
  });

  it('answers a missing token, and a check that fails, with a catalogued refusal', async () => {
    expect(await new SocketAdmission(null, () => Promise.resolve({}), 'room_token_invalid').result).toEqual({ refusal: 'room_token_invalid' });
    const expired = new SocketAdmission('t', () => Promise.reject(new SentralError('room_token_expired')), 'room_token_invalid');
    expect(await expired.result).toEqual({ refusal: 'room_token_expired' });
    const broken = new SocketAdmission('t', () => Promise.reject(new Error('bad base64')), 'transcription_token_invalid');
    expect(await broken.result).toEqual({ refusal: 'transcription_token_invalid' });
  });
});
