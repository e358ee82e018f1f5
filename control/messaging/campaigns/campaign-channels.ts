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
import { emailChannel } from '../email/email-channel.js';
import { signingDomain } from '../email/email-domains.js';
import { addressOfFrom } from '../email/email-service.js';
import type { EmailContent } from '../email/email-view.js';
import type { RenderedParts } from '../templates/templates.js';
import { letterChannel } from '../letters/letter-channel.js';
import { assertPrintable, checkUploadedPdf, renderLetterPdf } from '../letters/letter-pdf.js';
import { shownRecipient, type LetterContent } from '../letters/letter-view.js';

/** What a campaign needs of a channel beyond the pipeline's Channel: address, sender check, content and price. */
export interface CampaignChannel {
  channel: Channel;
  /** Prefix of its message ids (derived from campaign and contact). */
  idPrefix: IdPrefix;
  /** The contacts column holding the address on this channel (null there: the contact cannot be reached on it). */
  addressColumn: 'phone' | 'email' | 'national_id';
  /** Refuses a sender the profile may not send from (in this mode). */
  checkSender(db: Db, profileId: string, mode: 'live' | 'test', sender: string): Promise<void>;
  /** The message content of a rendered template for one address and its price, or the catalogued code why it cannot be sent. */
  message(parts: RenderedParts, prices: PriceList, envelope: { sender: string; address: string }): { content: Record<string, unknown>; priceOre: number } | { code: ErrorCode };
  /** The address the message is sent from (the From address of an email given with a display name). */
  fromAddress(sender: string): string;
  /** The recipient as the message stores and shows it (a letter's national identity number masked). */
  toAddress(address: string): string;
  /** How long a message stays valid when the campaign sets no validUntil. */
  defaultValidityMs: number;
  /**
   * Work a message needs when it is handed to the pipeline (a letter's PDF, rendered then rather than for
   * the whole audience at the start): the content to store and the blobs kept beside it.
   */
  prepare?(content: Record<string, unknown>, nowMs: number): Promise<{ content: Record<string, unknown>; blobs: MessageBlob[] }>;
}

/** A file stored beside a message (message_blobs): a letter's PDF is `document`. */
export interface MessageBlob {
  name: string;
  contentType: string;
  body: Buffer;
}

// How long an email stays valid unsent (what a single email gets).
const EMAIL_VALIDITY_MS = 72 * 3_600_000;

const sms: CampaignChannel = {
  channel: smsChannel,
  idPrefix: 'msg',
  addressColumn: 'phone',
  checkSender: (db, profileId, _mode, sender) => assertSender(db, profileId, sender),
  fromAddress: (sender) => sender,
  toAddress: (address) => address,
  message(parts, prices) {
    const text = parts.body ?? '';
    if (text.trim() === '') return { code: 'template_render_error' };
    const { priceOre, sms: units } = renderedPrice('sms', parts, prices);
    if (units!.units > SMS_MAX_UNITS) return { code: 'too_many_units' };
    return { content: { text, encoding: units!.encoding, units: units!.units }, priceOre };
  },
  defaultValidityMs: SMS_VALIDITY_MAX_SECONDS * 1000,
};

const email: CampaignChannel = {
  channel: emailChannel,
  idPrefix: 'eml',
  addressColumn: 'email',
  // Test keys may send from a domain not verified yet (to the sink), as a single email may.
  async checkSender(db, profileId, mode, sender) {
    const domain = await signingDomain(db, profileId, addressOfFrom(sender));
    if (!domain || (mode === 'live' && !domain.verified)) throw new SentralError('sender_domain_not_verified', { param: 'sender' });
  },
  fromAddress: addressOfFrom,
  toAddress: (address) => address,
  message(parts, prices, { sender, address }) {
    if ((parts.subject ?? '').trim() === '' || (parts.body === null && parts.html === null)) return { code: 'template_render_error' };
    const content: EmailContent = {
      from: sender.trim(), to: [address], cc: [], bcc: [], replyTo: null, subject: parts.subject!, text: parts.body, html: parts.html, headers: {}, tags: [], attachments: [],
    };
    return { content: content as unknown as Record<string, unknown>, priceOre: renderedPrice('email', parts, prices).priceOre };
  },
  defaultValidityMs: EMAIL_VALIDITY_MS,
};

// How long a letter waits to be handed to the mailbox service (its delivery is retried meanwhile).
const LETTER_VALIDITY_MS = 7 * 24 * 3_600_000;

/** A campaign letter's content until its PDF is rendered: the rendered text goes with it. */
type PendingLetter = LetterContent & { body: string };

const letter: CampaignChannel = {
  channel: letterChannel,
  idPrefix: 'ltr',
  addressColumn: 'national_id',
  // The sender is the name at the head of the letter: it must print.
  async checkSender(_db, _profileId, _mode, sender) {
    assertPrintable('sender', sender);
  },
  fromAddress: (sender) => sender,
  toAddress: (address) => shownRecipient({ nationalId: address }),
  message(parts, prices, { sender, address }) {
    const subject = parts.subject ?? '';
    const body = parts.body ?? '';
    if (subject.trim() === '' || body.trim() === '') return { code: 'template_render_error' };
    try {
      assertPrintable('subject', subject);
      assertPrintable('body', body);
    } catch {
      return { code: 'pdf_invalid' };
    }
    const content: PendingLetter = { recipient: { nationalId: address }, subject, pages: 0, printFallback: false, sensitivity: 'normal', senderName: sender, body };
    return { content: content as unknown as Record<string, unknown>, priceOre: renderedPrice('letter', parts, prices).priceOre };
  },
  defaultValidityMs: LETTER_VALIDITY_MS,
  async prepare(content, nowMs) {
    const { body, ...letterContent } = content as unknown as PendingLetter;
    const pdf = await renderLetterPdf({ sender: [letterContent.senderName], recipient: [], dateMs: nowMs, subject: letterContent.subject, body });
    const stored: LetterContent = { ...letterContent, pages: checkUploadedPdf(pdf) };
    return { content: stored as unknown as Record<string, unknown>, blobs: [{ name: 'document', contentType: 'application/pdf', body: pdf }] };
  },
};

const channels: Record<MessageChannelName, CampaignChannel> = { sms, email, letter };

/** The campaign side of a channel. */
export function campaignChannelFor(name: MessageChannelName): CampaignChannel {
  return channels[name];
}
