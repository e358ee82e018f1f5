import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../../shared/services/services.js';
import { CustomerPriceList } from '../../../protocol/api/prices.js';
import { PARTICIPANT_KINDS } from '../../../protocol/calls/participant-kinds.js';
import type { PriceList } from '../../../protocol/api/admin.js';
import { priceListFor } from '../../billing/price-list.js';
import { keyPrincipal } from '../route-config.js';

/** GET /v1/prices: the caller's company's price list, read where the ledger reads it. */
export const priceRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get('/v1/prices', {
    schema: { tags: ['usage'], summary: "The company's prices (øre excl. VAT), the figures every charge is drawn with", response: { 200: CustomerPriceList } },
    config: { scope: 'usage:read' },
  }, async (request) => {
    const { companyId } = keyPrincipal(request);
    return customerPriceList(companyId, await priceListFor(services.sql, companyId));
  });
};

/** A price list as a customer reads it: per minute by participant kind, per message, per month. */
export function customerPriceList(companyId: string, prices: PriceList): CustomerPriceList {
  const participants: Record<string, number> = {};
  for (const [kind, traits] of Object.entries(PARTICIPANT_KINDS)) if (traits.price !== null) participants[kind] = prices[traits.price];
  return {
    object: 'price_list',
    companyId,
    currency: 'NOK',
    vatIncluded: false,
    perMinuteOre: { participants, inboundCall: prices.inboundMinuteOre, recording: prices.recordingMinuteOre, transcription: prices.transcriptionMinuteOre },
    perMessageOre: { smsUnit: prices.smsUnitOre, emailRecipient: prices.emailOre, letter: prices.letterOre },
    perMonthOre: { phoneNumber: prices.phoneNumberMonthOre, smsNumber: prices.smsNumberMonthOre },
    prices,
  };
}
