import { Writable } from 'node:stream';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { BusError } from '../../shared/bus/bus-error.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { dependencyOutage } from '../../shared/errors/dependency-outage.js';
import { createLogger } from '../../shared/log/log.js';
import { FAILURE_LOG_INTERVAL_MS, FailureLog } from '../../control/calls/host/failed-messages.js';
import { StaleEpochError } from '../../control/calls/host/fence.js';
import { TRANSIENT_RETRY_MAX_MS, classifyFailure, errorText, transientRetryDelay } from '../../control/calls/host/message-failure.js';

const pgError = (code: string, message = 'pg said no'): Error => new postgres.PostgresError({ message, code } as never);
const withCode = (code: string, message = code): Error => Object.assign(new Error(message), { code });

describe('classifying a failure of a mailbox message', () => {
  it.each([
    ['a lost fence', new StaleEpochError(3, 7), 'fence'],
    ['a connection the database closed', withCode('CONNECTION_CLOSED'), 'database'],
    ['a refused connection', withCode('ECONNREFUSED'), 'database'],
    ['the database shutting down (57P01)', pgError('57P01'), 'database'],
    ['too many connections (53300)', pgError('53300'), 'database'],
    ['a statement cancelled (57014)', pgError('57014'), 'database'],
    ['a serialization failure (40001)', pgError('40001'), 'database'],
    ['the bus away', new BusError('unavailable'), 'bus'],
    ['a bus request timing out', new BusError('request_timeout'), 'bus'],
    ['ioredis out of retries', Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }), 'redis'],
    ['an outage wrapped as the cause', new Error('outer', { cause: withCode('CONNECTION_ENDED') }), 'database'],
  ])('%s is transient', (_what, err, cause) => {
    expect(classifyFailure(err)).toEqual({ transient: true, cause });
  });

  it.each([
    ['a lone surrogate in JSON (22P02)', pgError('22P02'), 'actor_message_unstorable'],
    ['a NUL in JSON (22P05)', pgError('22P05'), 'actor_message_unstorable'],
    ['a nesting limit (54001)', pgError('54001'), 'actor_message_unstorable'],
    ['a constraint violation (23505)', pgError('23505'), 'actor_failed'],
    ['a thrown bug', new TypeError('x is undefined'), 'actor_failed'],
    ['a bus key conflict', new BusError('kv_key_exists'), 'actor_failed'],
    ['a thrown string', 'oops', 'actor_failed'],
  ])('%s is permanent', (_what, err, code) => {
    expect(classifyFailure(err)).toEqual({ transient: false, code });
    expect(dependencyOutage(err)).toBeNull();
  });

  it('backs off from 100 ms, doubling, capped at 1 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map(transientRetryDelay)).toEqual([100, 200, 400, 800, 1000, 1000, 1000, 1000]);
    expect(TRANSIENT_RETRY_MAX_MS).toBe(1000);
  });

  it('stores the error as well-formed text without NUL, bounded', () => {
    const text = errorText(new Error(`bad \ud800 and \u0000 ${'x'.repeat(5000)}`));
    expect(text.startsWith('Error: bad \ufffd and \\0 ')).toBe(true);
    expect(text).toHaveLength(2000);
    expect(text).not.toMatch(/[\ud800-\udfff]/);
  });
});

describe('logging a message that keeps failing', () => {
  function captured(): { lines: Array<Record<string, unknown>>; log: ReturnType<typeof createLogger> } {
    const lines: Array<Record<string, unknown>> = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    return { lines, log: createLogger({ level: 'warn', destination }) };
  }

  it('logs one warning with the stack, then at most one line a minute', async () => {
    const clock = new ManualClock();
    const { lines, log } = captured();
    const failures = new FailureLog(clock, log);
    const err = new Error('database away');
    for (let i = 0; i < 50; i++) {
      failures.failed('call_1/m1', err, { messageId: 'm1' }, 'mailbox message failed');
      await clock.advance(1_000);
    }
    // 50 tries over 50 s: the first warning only, with its stack.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect((lines[0]!.err as { stack: string }).stack).toMatch(/database away\n\s+at /);
    for (let i = 0; i < 130; i++) {
      failures.failed('call_1/m1', err, { messageId: 'm1' }, 'mailbox message failed');
      await clock.advance(1_000);
    }
    await new Promise((resolve) => setImmediate(resolve));
    // 180 s in all: the first warning, then one line at 60 s and one at 120 s, each without a stack.
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => [l.tries, l.err])).toEqual([
      [61, undefined],
      [121, undefined],
    ]);
    expect(FAILURE_LOG_INTERVAL_MS).toBe(60_000);
    // Settled, the message's next failure is a first failure again.
    failures.settled('call_1/m1');
    failures.failed('call_1/m1', err, {}, 'mailbox message failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(4);
    expect(lines[3]!.err).toBeDefined();
  });
});
