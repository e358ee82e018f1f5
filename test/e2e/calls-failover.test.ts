import { afterAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';
import { rms, toneAmplitude } from '../../media/audio/level.js';
import { sine } from '../../shared/audio/tones.js';
import { partitionOf } from '../../protocol/bus/bus-names.js';
import type { CustomerServer, CustomerConnection } from '../integration/stream-customer-server.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { RoomClient } from '../integration/media-harness.js';
import type { CallsSystem, Customer, ReceivedEvent } from './calls-harness.js';
import { streamedEchoCall, withStreamingCustomer } from '../support/calls-customer.js';

const PARTITIONS = 8;
// Set before the kill; long enough that the takeover (lease TTL 10 s, plus a loaded machine) comes first.
const GATHER_TIMEOUT_SECONDS = 30;
// An offer ringing across the kill: long enough that the takeover comes first.
const OFFER_TIMEOUT_SECONDS = 30;

let sys: CallsSystem;
let customer: Customer;
let streams: CustomerServer;
const workers: SentralProcess[] = [];

withStreamingCustomer((started) => ({ sys, customer, streams } = started), { system: { cluster: true, inProcessWorker: false }, balanceOre: 5_000 });
afterAll(async () => {
  for (const w of workers) await w.stop('SIGKILL');
});

/** Resolves once `proc` has logged a line matching `match` (already printed, or to come); rejects if it exits first. */
function logged(proc: SentralProcess, match: (line: Record<string, unknown>) => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = (): void => {
      for (const line of proc.output().split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          if (match(JSON.parse(line) as Record<string, unknown>)) return resolve();
        } catch {
          // a line still being written: the next chunk completes it
        }
      }
    };
    proc.child.stdout!.on('data', check);
    void proc.exited.then(() => reject(new Error(`worker exited:\n${proc.output().slice(-2000)}`)));
    check();
  });
}

/** Starts `sentral worker` joining the installation; resolves once it has started `partitions` partitions. */
async function startWorker(name: string, partitions: number): Promise<SentralProcess> {
  // Partition lines are debug: a readable default level keeps them out of an operator's way.
  const proc = runSentral(['worker'], { ...sys.env, SENTRAL_NODE_ID: name, SENTRAL_LOG_LEVEL: 'debug' });
  workers.push(proc);
  let started = 0;
  if (partitions > 0) await logged(proc, (line) => line.msg === 'partition started' && ++started >= partitions);
  return proc;
}

/** Sends an action, retrying with the same Idempotency-Key while the call's partition has no owner (503). */
async function act(path: string, body: unknown, idempotencyKey: string) {
  let res = await sys.request(customer.key, 'POST', path, body, { 'idempotency-key': idempotencyKey });
  for (let i = 0; res.status === 503 && i < 5; i++) res = await sys.request(customer.key, 'POST', path, body, { 'idempotency-key': idempotencyKey });
  return res;
}

/** The stream's media messages (decoded to 8 kHz PCM) that arrived in [from, to) (performance.now()). */
function heard(conn: CustomerConnection, from: number, to = Infinity): Int16Array {
  const frames: Int16Array[] = [];
  conn.messages.forEach((m, i) => {
    if (m.event !== 'media' || conn.arrivals[i]! < from || conn.arrivals[i]! >= to) return;
    const mulaw = Buffer.from(m.media.payload as string, 'base64');
    const pcm = new Int16Array(mulaw.length);
    decodeMulaw(mulaw, pcm);
    frames.push(pcm);
  });
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

/** What distinguishes two events of one call of the same type (participant, command, or the call itself). */
const eventKey = (e: ReceivedEvent): string => `${e.type}:${e.data.participantId ?? e.data.commandId ?? e.data.callId}`;

/** Every event of the call in the event log (the truth of what was recorded), oldest first. */
async function loggedEvents(callId: string): Promise<ReceivedEvent[]> {
  const all: ReceivedEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await sys.request(customer.key, 'GET', `/v1/events?limit=100${after ? `&after=${after}` : ''}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    all.push(...(page.body.data as ReceivedEvent[]));
    if (!page.body.hasMore) break;
    after = page.body.nextCursor;
  }
  return all.filter((e) => e.data.callId === callId);
}

describe('a worker killed with kill -9 in the middle of a call', () => {
  it('the survivor takes the call over: audio flows throughout, a say after the takeover is heard, a gather set before the kill times out at its deadline, hang-up works, every webhook arrives once, and the call is charged once', async () => {
    const first = await startWorker('worker_a', PARTITIONS);
    const before = await customer.balance();
    // The echo phone repeats what it hears; the stream hears the phone (and not itself).
    const { callId, conn } = await streamedEchoCall({ sys, customer, streams }, 'failover');

    // A gather with no question listens at once: its durable timer is set for issuedAt + timeout.
    const gather = await sys.request(customer.key, 'POST', `/v1/calls/${callId}/gather`, { timeoutSeconds: GATHER_TIMEOUT_SECONDS }, { 'idempotency-key': 'failover-gather' });
    expect(gather.status, JSON.stringify(gather.body)).toBe(201);
    const gatherDeadline = Date.parse(gather.body.issuedAt) + GATHER_TIMEOUT_SECONDS * 1000;

    const second = await startWorker('worker_b', 0);
    let takeoverAt = Infinity;
    const takenOver = logged(second, (line) => line.msg === 'partition started' && line.partition === partitionOf(callId, PARTITIONS)).then(() => {
      takeoverAt = performance.now();
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    const killedAt = performance.now();

    // (a) With no worker owning the call, the media plane carries on: the stream keeps getting frames and
    // the phone echoes a tone the customer's server sends into the call.
    const tone = sine(440, 1000, 8000, 8000);
    const mulaw = new Uint8Array(tone.length);
    encodeMulaw(tone, mulaw);
    conn.sendAudio(mulaw);
    await conn.waitFor(() => toneAmplitude(heard(conn, performance.now() - 500), 440, 8000) > 500);
    expect(performance.now(), 'the echo came back while no worker owned the call').toBeLessThan(takeoverAt);

    await takenOver;
    const gapFrames = heard(conn, killedAt, takeoverAt).length / 160;
    expect(gapFrames, `frames over ${Math.round(takeoverAt - killedAt)} ms without an owner`).toBeGreaterThan((takeoverAt - killedAt) / 20 / 2);
    expect(streams.connections).toHaveLength(1);

    // (b) A say after the takeover is heard at the stream (and echoed by the phone) and completes.
    const quiet = rms(heard(conn, performance.now() - 500));
    const sayAt = performance.now();
    const say = await act(`/v1/calls/${callId}/say`, { text: 'The call goes on after the takeover.' }, 'failover-say');
    expect(say.status, JSON.stringify(say.body)).toBe(201);
    const sayDone = await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === say.body.id, 30_000);
    expect(sayDone.data.action).toBe('say');
    const speech = rms(heard(conn, sayAt));
    expect(speech).toBeGreaterThan(Math.max(300, 4 * quiet));

    // (c) The gather's timer, armed by the dead worker, fires at its deadline on the survivor.
    const gathered = await customer.nextEvent((e) => e.type === 'call.gather.completed' && e.data.commandId === gather.body.id, 45_000);
    expect(gathered.data).toMatchObject({ outcome: 'timeout', digits: '', choice: null });
    const firedAt = Date.parse(gathered.occurred_at);
    expect(firedAt).toBeGreaterThanOrEqual(gatherDeadline);
    expect(firedAt - gatherDeadline).toBeLessThan(3_000);
    const arrival = customer.deliveries.find((d) => d.event.id === gathered.id)!.receivedAt;
    expect(arrival - gatherDeadline).toBeLessThan(10_000);

    // (d) Hang-up through the survivor.
    const hung = await act(`/v1/calls/${callId}/hangup`, undefined, 'failover-hangup');
    expect(hung.status, JSON.stringify(hung.body)).toBe(200);
    expect(hung.body).toMatchObject({ state: 'ended', endReason: 'hangup_api' });
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId, 30_000);
    await conn.waitForEvent('stop');
    // The call's minute and the stream's: its price is everything it drew.
    expect(ended.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 1, priceOre: 30 });
    expect(ended.data.priceItems.map((i: { item: string; priceOre: number }) => [i.item, i.priceOre])).toEqual([['call', 25], ['stream', 5]]);
    expect(ended.data.duration).toBeGreaterThanOrEqual(GATHER_TIMEOUT_SECONDS - 1);

    // (e) Every event recorded once, and each received: repeats only with the same event id.
    const log = await loggedEvents(callId);
    expect(log.map(eventKey).sort()).toEqual([
      `call.answered:${log.find((e) => e.type === 'call.answered')?.data.participantId}`,
      `call.command.completed:${gather.body.id}`,
      `call.command.completed:${say.body.id}`,
      `call.ended:${callId}`,
      `call.gather.completed:${gather.body.id}`,
      ...log.filter((e) => e.type === 'call.participant.joined').map(eventKey),
      ...log.filter((e) => e.type === 'call.participant.left').map(eventKey),
      `call.playback.ended:${say.body.id}`,
      `call.ringing:${log.find((e) => e.type === 'call.ringing')?.data.participantId}`,
    ].sort());
    const people = (type: string) => log.filter((e) => e.type === type).map((e) => e.data.kind as string).sort();
    expect(people('call.participant.joined')).toEqual(['phone', 'stream']);
    expect(people('call.participant.left')).toEqual(['phone', 'stream']);
    expect(new Set(log.map(eventKey)).size).toBe(log.length);
    await Promise.all(log.map((e) => customer.nextEvent((r) => r.id === e.id, 30_000)));
    const received = customer.deliveries.filter((d) => d.event.data.callId === callId);
    expect(new Set(received.map((d) => d.event.id))).toEqual(new Set(log.map((e) => e.id)));
    for (const d of received) expect(d.event.id, eventKey(d.event)).toBe(log.find((e) => eventKey(e) === eventKey(d.event))!.id);

    // Charged once, to the øre: the call's minute and the stream's, as its price says.
    expect(await customer.balance()).toBe(before - ended.data.priceOre);
  }, 90_000);

  it('offers ringing across a kill -9: after the takeover one is accepted by the first target to answer, the other expires at its original deadline', async () => {
    const owner = workers.find((w) => w.child.exitCode === null && w.child.signalCode === null) ?? (await startWorker('worker_c', PARTITIONS));
    const call = async (key: string): Promise<string> => {
      const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460008', from: customer.number, maxMinutes: 3 }, { 'idempotency-key': key });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await customer.nextEvent((e) => e.type === 'call.answered' && e.data.callId === res.body.id);
      return res.body.id as string;
    };
    const [taken, lapsed] = await Promise.all([call('failover-offer-1'), call('failover-offer-2')]);
    // A staff member who connects only after the takeover, and a phone that never answers.
    const offered = await act(`/v1/calls/${taken}/offers`, { targets: [{ kind: 'staff', externalRef: 'staff-9' }, { kind: 'phone', to: '+442079460003' }], timeoutSeconds: OFFER_TIMEOUT_SECONDS }, 'failover-offer-1a');
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const left = await act(`/v1/calls/${lapsed}/offers`, { targets: [{ kind: 'phone', to: '+442079460003' }], timeoutSeconds: OFFER_TIMEOUT_SECONDS }, 'failover-offer-2a');
    expect(left.status, JSON.stringify(left.body)).toBe(201);
    const expiresAt = Date.parse(left.body.expiresAt);

    const survivor = await startWorker('worker_d', 0);
    const tookOver = Promise.all([taken, lapsed].map((id) => logged(survivor, (line) => line.msg === 'partition started' && line.partition === partitionOf(id, PARTITIONS))));
    owner.child.kill('SIGKILL');
    expect(await owner.exited).toBeNull();
    await tookOver;

    const staffInfo = offered.body.targets.find((t: { kind: string }) => t.kind === 'staff');
    const staff = new RoomClient(`${staffInfo.connection.url}?token=${staffInfo.connection.token}`);
    await staff.message('joined');
    const accepted = await customer.nextEvent((e) => e.type === 'call.offer.accepted' && e.data.callId === taken, 30_000);
    expect(accepted.data).toMatchObject({ offerId: offered.body.id, acceptedBy: staffInfo.id });
    const phoneId = offered.body.targets.find((t: { kind: string }) => t.kind === 'phone').id;
    const phoneLeft = await customer.nextEvent((e) => e.type === 'call.participant.left' && e.data.participantId === phoneId, 30_000);
    expect(phoneLeft.data.reason).toBe('offer_taken');

    const expired = await customer.nextEvent((e) => e.type === 'call.offer.expired' && e.data.callId === lapsed, 45_000);
    expect(expired.data).toMatchObject({ offerId: left.body.id, expiry: 'timeout', acceptedBy: null });
    const firedAt = Date.parse(expired.occurred_at);
    expect(firedAt).toBeGreaterThanOrEqual(expiresAt);
    expect(firedAt - expiresAt).toBeLessThan(3_000);

    // Each offer event recorded once, and both calls still answer through the survivor.
    for (const id of [taken, lapsed]) {
      const log = await loggedEvents(id);
      expect(log.filter((e) => e.type === 'call.offer.accepted' || e.type === 'call.offer.expired')).toHaveLength(1);
      expect((await act(`/v1/calls/${id}/hangup`, undefined, `failover-offer-hangup-${id}`)).body.state).toBe('ended');
    }
    staff.close();
  }, 90_000);
});
