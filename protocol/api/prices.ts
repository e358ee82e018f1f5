import { Type, type Static } from 'typebox';
import { PriceList } from './admin.js';
import { Ore } from './common.js';

/**
 * GET /v1/prices: the company's own prices in øre excluding VAT, the figures the ledger draws with. Per-minute
 * prices are per started minute and per participant; `prices` is the same list under the names the operator's
 * admin API sets them by.
 */
export const CustomerPriceList = Type.Object(
  {
    object: Type.Literal('price_list'),
    companyId: Type.String(),
    currency: Type.Literal('NOK'),
    vatIncluded: Type.Literal(false),
    perMinuteOre: Type.Object(
      {
        participants: Type.Record(Type.String(), Ore, { description: 'By participant kind (phone, app, staff, bot, ai_agent, stream); a moved call (kind call) costs nothing of itself' }),
        inboundCall: Type.Integer({ minimum: 0, description: "An inbound caller's minute, from the answer" }),
        recording: Ore,
        transcription: Type.Integer({ minimum: 0, description: 'Live transcription of a call, a transcription job or session, per started minute of audio' }),
      },
      { description: 'Per started minute' },
    ),
    perMessageOre: Type.Object({
      smsUnit: Type.Integer({ minimum: 0, description: 'Per SMS unit (part): a long text is several units' }),
      emailRecipient: Type.Integer({ minimum: 0, description: 'Per recipient (to, cc and bcc)' }),
      letter: Ore,
    }),
    perMonthOre: Type.Object({
      phoneNumber: Ore,
      smsNumber: Type.Integer({ minimum: 0, description: 'A dedicated SMS number' }),
    }),
    prices: PriceList,
  },
  { title: 'CustomerPriceList' },
);
/** GET /v1/prices. */
export type CustomerPriceList = Static<typeof CustomerPriceList>;
