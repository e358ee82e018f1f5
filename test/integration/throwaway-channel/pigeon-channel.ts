import { randomUUID } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Metadata } from '../../../protocol/api/common.js';
import type { EventType } from '../../../protocol/events/event-catalogue.js';
import type { Timer } from '../../../shared/clock/clock.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Admitted, MessageChannel } from '../../../control/messaging/message-channel.js';
import { messageMachine } from '../../../control/messaging/message-machine.js';
import { listFilters } from '../../../control/messaging/message-reads.js';
import { commonView, isoTime } from '../../../control/messaging/message-view.js';

// A throwaway channel: notes flown by carrier pigeon to a loft. Everything it is lives in this folder (a real
// channel's wire schemas would be in protocol/messaging/ and its status event in the event catalogue).

const PigeonCreate = Type.Object({
  profileId: Type.String({ minLength: 1, maxLength: 64 }),
  loft: Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z]+$' }),
  note: Type.String({ minLength: 1, maxLength: 140 }),
  sendAt: Type.Optional(Type.String({ format: 'date-time' })),
  metadata: Type.Optional(Metadata),
}, { additionalProperties: false });
type PigeonCreate = Static<typeof PigeonCreate>;

const Pigeon = Type.Object({
  object: Type.Literal('pigeon'), id: Type.String(), state: Type.String(), profileId: Type.String(), mode: Type.String(),
  loft: Type.String(), note: Type.String(), priceOre: Type.Integer(), errorCode: Type.Union([Type.String(), Type.Null()]),
  errorDesc: Type.Union([Type.String(), Type.Null()]), externalRef: Type.Union([Type.String(), Type.Null()]),
  metadata: Type.Union([Metadata, Type.Null()]), sendAt: Type.Union([Type.String(), Type.Null()]), createdAt: Type.String(), updatedAt: Type.String(),
});
type Pigeon = Static<typeof Pigeon>;

/** A note's price, øre. */
export const PIGEON_PRICE_ORE = 7;
/** How long a pigeon flies before the loft reports it landed. */
export const FLIGHT_MS = 60_000;
/** The loft no pigeon finds: refused at hand-off. */
export const LOST_LOFT = 'atlantis';

/** Pigeons: taken by the loft → flying, then landed (the loft's receipt). */
export const pigeonChannel: MessageChannel<PigeonCreate, Pigeon> = {
  name: 'pigeon',
  names: { ledgerService: 'pigeon', usageService: 'pigeons', profileService: 'sms', idPrefix: 'msg', noun: 'note', serviceNoun: 'pigeons' },
  transitions: messageMachine({ sending: { submitted: 'flying' }, sent: null, flying: { 'receipt:delivered': 'landed' } }),
  async admit(_tx, clock, sends) {
    return sends.map(({ send: { caller, id, body }, profile }): Admitted | SentralError => {
      if (body.note.includes('\n')) return new SentralError('invalid_request', { message: 'A note is one line.', param: 'note' });
      const sendAtMs = body.sendAt === undefined ? null : Date.parse(body.sendAt);
      return {
        message: {
          id, companyId: caller.companyId, profileId: profile.id, mode: caller.mode, from: 'dovecote', to: body.loft, content: { note: body.note },
          priceOre: PIGEON_PRICE_ORE, sendAtMs: sendAtMs !== null && sendAtMs > clock.now() ? sendAtMs : null, validUntilMs: null,
          externalRef: null, metadata: body.metadata ?? null,
        },
        blobs: [],
      };
    });
  },
  view: (row) => ({ ...commonView(row), object: 'pigeon', loft: row.to_address, note: String(row.content.note), sendAt: isoTime(row.send_at_ms) }),
  statusEvent: (row, eventId) => ({ type: 'pigeon.status' as EventType, data: { eventId, messageId: row.id, state: row.state } }),
  template: {
    checkParts(parts) {
      if (parts.body === null) throw new SentralError('invalid_request', { message: 'A pigeon template needs body.', param: 'body' });
    },
    price: () => ({ priceOre: PIGEON_PRICE_ORE, sms: null }),
  },
  campaign: {
    addressColumn: 'phone',
    checkSender: async () => undefined,
    message: (parts) => ({ content: { note: parts.body ?? '' }, priceOre: PIGEON_PRICE_ORE }),
    fromAddress: () => 'dovecote',
    toAddress: (address) => address,
    defaultValidityMs: 86_400_000,
  },
  api: {
    path: 'pigeons',
    tag: 'pigeons',
    scopes: { send: 'sms:send', read: 'sms:read' },
    prices: ['smsUnitOre'],
    schemas: { create: PigeonCreate, one: Pigeon, list: Type.Object({ object: Type.Literal('list'), data: Type.Array(Pigeon), hasMore: Type.Boolean(), nextCursor: Type.Union([Type.String(), Type.Null()]) }), listQuery: Type.Object({ state: Type.Optional(Type.String()), before: Type.Optional(Type.String()), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }) },
    operations: {
      send: { operationId: 'sendPigeon', summary: 'Send a note by pigeon' },
      list: { operationId: 'listPigeons', summary: 'List notes sent by pigeon' },
      get: { operationId: 'getPigeon', summary: 'Read a note sent by pigeon' },
      cancel: { operationId: 'cancelPigeon', summary: 'Cancel a scheduled note' },
    },
    filters: (query) => listFilters(query),
  },
  async startCarriers(services, reports) {
    const timers = new Set<Timer>();
    const loft = {
      async submit(row: { to_address: string }) {
        if (row.to_address === LOST_LOFT) return { kind: 'refused' as const, code: 'invalid_destination', desc: 'No loft of that name.' };
        const ref = randomUUID();
        const timer = services.clock.setTimer(FLIGHT_MS, () => {
          timers.delete(timer);
          void reports.receipt('pigeon', ref, 'delivered', 'landed');
        });
        timers.add(timer);
        return { kind: 'submitted' as const, carrierRefs: [ref] };
      },
    };
    return {
      live: loft,
      test: loft,
      async stop() {
        for (const t of timers) t.cancel();
      },
    };
  },
};
