import type { Charge, ParticipantLaunch } from '../../protocol/calls/call-actor.js';
import type { CallEffect } from '../../protocol/calls/call-actor.js';
import { CALLER, CallUnderTest, MIN, T0, app, appCall, bot, inboundCall, phoneCall, streamLaunch, type EventWithoutAt } from './call-harness.js';

/** A step of a scenario: an event at a time, the clock run to a time (timers fire), or an op answer for a command's op. */
export type ScenarioStep = [number, EventWithoutAt | 'advance' | { opResultOf: string; ok: boolean }];

/** A live call of one kind: how it is brought to the moment it is stored, and how it goes on after. */
export interface Scenario {
  name: string;
  start: () => CallUnderTest;
  before: ScenarioStep[];
  after: ScenarioStep[];
}

/** A stored live call: its persisted snapshot with the host's armed timers, and what it did when it went on. */
export interface SnapshotFixture {
  name: string;
  snapshot: unknown;
  armed: Array<[string, number]>;
  now: number;
  after: ScenarioStep[];
  effects: CallEffect[];
}

const ANSWER_CHARGE: Charge = { reservationId: 'res_answer', service: 'inbound', reservedOre: 900, rateOre: 15, paidMinutes: 60 };

function phone(id: string, to: string): ParticipantLaunch {
  return { participantId: id, kind: 'phone', to, charge: { reservationId: `res_${id}`, service: 'phone', reservedOre: 250, rateOre: 25, paidMinutes: 10 } };
}

const staff: ParticipantLaunch = { participantId: 'part_staff', kind: 'staff', externalRef: 'agent-1', charge: null };
const answered: ScenarioStep = [T0 + 4_000, { type: 'leg.answered', legId: 'part_phone' }];
const END = T0 + 3 * 60 * MIN;

/** Runs one step on a call; returns what it emitted. */
export function runStep(call: CallUnderTest, [at, step]: ScenarioStep): CallEffect[] {
  if (step === 'advance') return call.advanceTo(at);
  if ('opResultOf' in step) {
    const opId = call.ctx.commands.find((c) => c.id === step.opResultOf)!.opId!;
    return call.send({ type: 'media.op.result', opId, ok: step.ok }, at);
  }
  return call.send(step, at);
}

/** Live calls of every kind, each stored mid-way: ringing, answered with commands in flight, app, bot, staff, stream, offer, transfer, inbound. */
export const scenarios: Scenario[] = [
  {
    name: 'phone-ringing',
    start: () => new CallUnderTest(phoneCall()),
    before: [[T0 + 1_000, { type: 'leg.ringing', legId: 'part_phone' }]],
    after: [answered, [T0 + 5_000, { type: 'command.say', commandId: 'cmd_1', text: 'Hello' }], [T0 + 5_100, { opResultOf: 'cmd_1', ok: true }], [T0 + 7_000, { type: 'playback.ended', commandId: 'cmd_1', outcome: 'completed' }], [T0 + 9_000, { type: 'call.hangup' }]],
  },
  {
    name: 'say-awaiting-ack',
    start: () => new CallUnderTest(phoneCall()),
    before: [answered, [T0 + 5_000, { type: 'command.say', commandId: 'cmd_1', text: 'Hello' }]],
    after: [[T0 + 5_100, { opResultOf: 'cmd_1', ok: true }], [T0 + 2 * MIN, 'advance'], [T0 + 3 * MIN, { type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' }]],
  },
  {
    name: 'say-unacknowledged',
    start: () => new CallUnderTest(phoneCall()),
    before: [answered, [T0 + 5_000, { type: 'command.say', commandId: 'cmd_1', text: 'Hello' }]],
    after: [[END, 'advance']],
  },
  {
    name: 'gather-waiting',
    start: () => new CallUnderTest(phoneCall()),
    before: [answered, [T0 + 5_000, { type: 'command.gather', commandId: 'cmd_g', numDigits: 3 }]],
    after: [[T0 + 6_000, { type: 'dtmf.received', legId: 'part_phone', digit: '1' }], [T0 + 7_000, { type: 'dtmf.received', legId: 'part_phone', digit: '2' }], [END, 'advance']],
  },
  {
    name: 'app-bot-staff',
    start: () => new CallUnderTest(appCall([app('part_app'), bot('part_bot', 2), staff])),
    before: [[T0 + 1_000, { type: 'participant.connected', legId: 'part_app' }], [T0 + 2_000, { type: 'participant.connected', legId: 'part_bot' }]],
    after: [
      [T0 + 3_000, { type: 'participant.connected', legId: 'part_staff' }],
      [T0 + 4_000, { type: 'participant.disconnected', legId: 'part_app', reason: 'reload' }],
      [T0 + 10_000, { type: 'participant.connected', legId: 'part_app' }],
      [T0 + 20_000, { type: 'participant.disconnected', legId: 'part_staff', reason: 'network' }],
      [END, 'advance'],
    ],
  },
  {
    name: 'app-reconnecting',
    start: () => new CallUnderTest(phoneCall({ participants: [app('part_app')] })),
    before: [answered, [T0 + 5_000, { type: 'participant.connected', legId: 'part_app' }], [T0 + 6_000, { type: 'participant.disconnected', legId: 'part_app', reason: 'network' }]],
    after: [[END, 'advance']],
  },
  {
    name: 'stream-running',
    start: () => new CallUnderTest(phoneCall()),
    before: [answered, [T0 + 5_000, { type: 'stream.start', stream: streamLaunch('str_1', 2) }], [T0 + 6_000, { type: 'stream.status', legId: 'str_1', status: 'connected' }]],
    after: [[T0 + 7_000, { type: 'stream.status', legId: 'str_1', status: 'reconnecting' }], [T0 + 8_000, { type: 'stream.status', legId: 'str_1', status: 'resumed' }], [END, 'advance']],
  },
  {
    name: 'offer-ringing',
    start: () => new CallUnderTest(phoneCall({ participants: [app('part_op')] })),
    before: [answered, [T0 + 4_000, { type: 'participant.connected', legId: 'part_op' }], [T0 + 5_000, { type: 'call.offer', offerId: 'ofr_1', targets: [phone('part_p1', '+4790000001'), app('part_staff')], timeoutSeconds: 30 }]],
    after: [[T0 + 9_000, { type: 'participant.connected', legId: 'part_staff' }], [T0 + 10_000, { type: 'leg.answered', legId: 'part_p1' }], [END, 'advance']],
  },
  {
    name: 'transfer-talking',
    start: () => new CallUnderTest(phoneCall({ participants: [app('part_op')] })),
    before: [
      answered,
      [T0 + 4_000, { type: 'participant.connected', legId: 'part_op' }],
      [T0 + 5_000, { type: 'call.transfer', transferId: 'xfer_1', kind: 'warm', target: phone('part_target', '+4790000009'), timeoutSeconds: 30 }],
      [T0 + 8_000, { type: 'leg.answered', legId: 'part_target' }],
    ],
    after: [[T0 + 20_000, { type: 'call.transfer.complete' }], [T0 + 2 * MIN, { type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' }], [END, 'advance']],
  },
  {
    name: 'inbound-undecided',
    start: () => new CallUnderTest(inboundCall()),
    before: [],
    after: [[T0 + 2_000, { type: 'call.answer', charge: ANSWER_CHARGE }], [T0 + 3_000, { type: 'participant.add', participant: staff }], [T0 + 4_000, { type: 'participant.connected', legId: 'part_staff' }], [T0 + MIN, { type: 'leg.hungUp', legId: CALLER, reason: 'bye' }], [END, 'advance']],
  },
  {
    name: 'inbound-routed-by-deadline',
    start: () => new CallUnderTest(inboundCall()),
    before: [[T0 + 1_000, { type: 'leg.ringing', legId: CALLER }]],
    after: [[END, 'advance']],
  },
];

/** Brings a scenario's call to its stored moment and stores it, then lets it go on: the fixture the code of the day writes. */
export function record(s: Scenario): SnapshotFixture {
  const call = s.start();
  for (const step of s.before) runStep(call, step);
  const snapshot = JSON.parse(JSON.stringify(call.actor.getPersistedSnapshot()));
  const stored = { name: s.name, snapshot, armed: [...call.armed], now: call.now, after: s.after };
  const restored = call.restart();
  const effects = s.after.flatMap((step) => runStep(restored, step));
  return { ...stored, effects: JSON.parse(JSON.stringify(effects)) };
}
