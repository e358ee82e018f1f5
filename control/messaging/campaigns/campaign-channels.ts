import type { PriceList } from '../../../protocol/api/admin.js';
import { SMS_MAX_UNITS, SMS_VALIDITY_MAX_SECONDS } from '../../../protocol/messaging/sms.js';
import type { MessageChannelName } from '../../../protocol/messaging/template.js';
import type { IdPrefix } from '../../../shared/ids/ids.js';
import type { ErrorCode } from '../../../shared/errors/catalogue.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Db } from '../../../shared/db/database.js';
import type { Channel } from '../channel.js';
import { smsChannel } from '../sms/sms-channel.js';
import { assertSender } from '../sms/sms-service.js';
import { renderedPrice } from '../templates/template-price.js';
import type { RenderedParts } from '../templates/templates.js';

/** A recipient's contact fields a channel reads its address from. */
export interface AddressFields {
  phone: string | null;
  email: string | null;
  national_id: string | null;
}

/** What a campaign needs of a channel beyond the pipeline's Channel: address, sender check, content and price. */
export interface CampaignChannel {
  channel: Channel;
  /** Prefix of its message ids (derived from campaign and contact). */
  idPrefix: IdPrefix;
  /** The contact's address on this channel (null: the contact cannot be reached on it). */
  addressOf(contact: AddressFields): string | null;
  checkSender(db: Db, profileId: string, sender: string): Promise<void>;
  /** The message content of a rendered template and its price, or the catalogued code why it cannot be sent. */
  message(parts: RenderedParts, prices: PriceList): { content: Record<string, unknown>; priceOre: number } | { code: ErrorCode };
  /** How long a message stays valid when the campaign sets no validUntil. */
  defaultValidityMs: number;
}

const sms: CampaignChannel = {
  channel: smsChannel,
  idPrefix: 'msg',
  addressOf: (c) => c.phone,
  checkSender: assertSender,
  message(parts, prices) {
    const text = parts.body ?? '';
    if (text.trim() === '') return { code: 'template_render_error' };
    const { priceOre, sms: units } = renderedPrice('sms', parts, prices);
    if (units!.units > SMS_MAX_UNITS) return { code: 'too_many_units' };
    return { content: { text, encoding: units!.encoding, units: units!.units }, priceOre };
  },
  defaultValidityMs: SMS_VALIDITY_MAX_SECONDS * 1000,
};

const channels: Partial<Record<MessageChannelName, CampaignChannel>> = { sms };

/** The campaign side of a channel; a channel the pipeline does not run yet is capability_unavailable. */
export function campaignChannelFor(name: MessageChannelName): CampaignChannel {
  const channel = channels[name];
  if (!channel) throw new SentralError('capability_unavailable', { message: `${name} campaigns are not available yet: only sms.`, param: 'channel' });
  return channel;
}
