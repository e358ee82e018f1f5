import type { PriceList } from '../../../protocol/api/admin.js';
import type { MessageChannelName, SmsPricing } from '../../../protocol/messaging/template.js';
import { smsUnits } from '../sms/sms-units.js';
import type { RenderedParts } from './templates.js';

/**
 * What one message of rendered content costs at a company's prices: an SMS its units (encoding, units and
 * the characters that made it UCS-2 are given too), an email or a letter its one price.
 */
export function renderedPrice(channel: MessageChannelName, parts: RenderedParts, prices: PriceList): { priceOre: number; sms: SmsPricing | null } {
  if (channel === 'sms') {
    const units = smsUnits(parts.body ?? '');
    const priceOre = units.units * prices.smsUnitOre;
    return { priceOre, sms: { ...units, priceOre } };
  }
  return { priceOre: channel === 'email' ? prices.emailOre : prices.letterOre, sms: null };
}
