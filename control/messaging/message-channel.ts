import type { TSchema } from 'typebox';
import type { PriceList } from '../../protocol/api/admin.js';
import type { EventType } from '../../protocol/events/event-catalogue.js';
import type { ProfileServices, Profile } from '../../protocol/api/profiles.js';
import type { Scope } from '../../protocol/api/scopes.js';
import type { Clock } from '../../shared/clock/clock.js';
import type { Db, Tx } from '../../shared/db/database.js';
import type { ErrorCode } from '../../shared/errors/catalogue.js';
import type { SentralError } from '../../shared/errors/sentral-error.js';
import type { IdPrefix } from '../../shared/ids/ids.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import type { Services } from '../../shared/services/services.js';
import type { NewMessage } from './message-accept.js';
import type { MessageMachine, ReceiptOutcome } from './message-machine.js';
import type { MessageFilters } from './message-reads.js';
import type { ChannelName, MessageRow } from './message-row.js';

/** What a carrier answers to one hand-off. */
export type SubmitOutcome =
  /**
   * Taken: the carrier's ids for the message's parts (receipts name them); `delivered` when taking it was
   * the delivery (an email sink), so no receipt will follow.
   */
  | { kind: 'submitted'; carrierRefs: string[]; variant?: string; delivered?: boolean }
  /** Refused for good (a catalogued code and the carrier's words). */
  | { kind: 'refused'; code: string; desc: string }
  /** Not taken, try again later (throttled, queue full, not connected): never counts as sent. */
  | { kind: 'retry'; afterMs: number; desc: string }
  /** Handed over, but whether the carrier took it is unknown (the connection died before its answer). */
  | { kind: 'unknown'; desc: string };

/** One way out for a channel's messages (the real network's adapter, or the simulated one). */
export interface Carrier {
  /** Hands one message (already `sending`, committed) to the carrier. */
  submit(message: MessageRow): Promise<SubmitOutcome>;
}

/** Where carriers report what comes back on their own: final receipts (inbound messages are the channel's). */
export interface CarrierReports {
  /** A receipt for one part (`carrierRef`); `outcome` null for a non-final status. */
  receipt(channel: ChannelName, carrierRef: string, outcome: ReceiptOutcome | null, desc: string | null): Promise<void>;
}

/** A channel's carriers while the messaging role runs: live keys use `live`, test keys `test`. */
export interface ChannelCarriers {
  live: Carrier;
  test: Carrier;
  stop(): Promise<void>;
}

/** The names a channel is known by outside its folder. */
export interface ChannelNames {
  /** The ledger service its money is booked under. */
  ledgerService: string;
  /** The service of the usage report its messages and money count under (billing/usage.ts). */
  usageService: string;
  /** The profile's switch for it (`services.<profileService>`). */
  profileService: Exclude<keyof ProfileServices, 'phone'>;
  /** Prefix of its message ids. */
  idPrefix: IdPrefix;
  /** One message, as errors name it (`The email is sent; only a scheduled email can be canceled.`). */
  noun: string;
  /** The service, as errors name it (`The profile has SMS switched off`). */
  serviceNoun: string;
}

/** One message a caller asks for: who asks, its id (derived from the Idempotency-Key), the request body. */
export interface MessageSend<B = unknown> {
  caller: KeyPrincipal;
  id: string;
  body: B;
}

/** A file stored beside a message (message_blobs): a letter's PDF is `document`. */
export interface MessageBlob {
  name: string;
  contentType: string;
  body: Buffer;
}

/** A send the channel admitted: the message to store and the files kept beside it. */
export interface Admitted {
  message: NewMessage;
  blobs: MessageBlob[];
}

/** The parts of a template, or of one rendered for a contact. */
export interface MessageParts {
  subject: string | null;
  body: string | null;
  html: string | null;
}

/** What templates ask a channel: which parts it takes, and what rendered parts cost. */
export interface TemplateRules {
  /** Refuses (invalid_request naming the part) parts this channel's template cannot have. */
  checkParts(parts: MessageParts): void;
  /** What one message of these rendered parts costs at a company's prices (an SMS says its encoding and units). */
  price(parts: MessageParts, prices: PriceList): { priceOre: number; sms: { encoding: 'gsm7' | 'ucs2'; units: number; nonGsmCharacters: string[]; priceOre: number } | null };
}

/** What a campaign asks a channel: the address, the sender check, each contact's content and price. */
export interface CampaignRules {
  /** The contacts column holding the address on this channel (null there: the contact cannot be reached on it). */
  addressColumn: 'phone' | 'email' | 'national_id';
  /** Refuses a sender the profile may not send from (in this mode). */
  checkSender(db: Db, profileId: string, mode: 'live' | 'test', sender: string): Promise<void>;
  /** The message content of a rendered template for one address and its price, or the catalogued code why it cannot be sent. */
  message(parts: MessageParts, prices: PriceList, envelope: { sender: string; address: string }): { content: Record<string, unknown>; priceOre: number } | { code: ErrorCode };
  /** The address the message is sent from (the From address of an email given with a display name). */
  fromAddress(sender: string): string;
  /** The recipient as the message stores and shows it (a letter's national identity number masked). */
  toAddress(address: string): string;
  /** How long a message stays valid when the campaign sets no validUntil. */
  defaultValidityMs: number;
  /** True when PostgreSQL can render and price its content from a plain template (an SMS text). */
  renderedInSql?: boolean;
  /**
   * Work a message needs when it is handed to the pipeline (a letter's PDF, rendered then rather than for
   * the whole audience at the start): the content to store and the blobs kept beside it.
   */
  prepare?(content: Record<string, unknown>, nowMs: number): Promise<{ content: Record<string, unknown>; blobs: MessageBlob[] }>;
}

/** An operation of the channel's routes as the API document names it. */
export interface ChannelOperation {
  operationId: string;
  summary: string;
}

/** The channel's routes (control/api/routes/message-channels.ts makes them): send, list, get and, when it has one, cancel. */
export interface ChannelApi {
  /** The path under /v1 (`sms` → /v1/sms, /v1/sms/:id…). */
  path: string;
  tag: string;
  scopes: { send: Scope; read: Scope };
  /** The prices of the price list a send reserves (x-prices in the API document). */
  prices: readonly (keyof PriceList)[];
  /** Largest request body of a send, when more than the server's default. */
  bodyLimit?: number;
  schemas: { create: TSchema; one: TSchema; list: TSchema; listQuery: TSchema };
  operations: { send: ChannelOperation; list: ChannelOperation; get: ChannelOperation; cancel?: ChannelOperation };
  /** A list request's query as the store's filters. */
  filters(query: Record<string, unknown>): MessageFilters;
}

/**
 * A channel of the pipeline, in one place: what makes SMS, email or letters different from each other.
 * The core (message-accept, message-moves, message-outbox, message-reads, outbox-sender) does the rest:
 * storing, claiming, money, status events. A new channel is a folder with one of these, added to
 * channel-registry.ts.
 */
export interface MessageChannel<B = unknown, V = unknown> {
  /** The `messages.channel` value. */
  name: ChannelName;
  names: ChannelNames;
  /** Its moves: the base table with its overrides (message-machine.ts). */
  transitions: MessageMachine;
  /**
   * Its own checks of sends whose profile was found active with the channel on (sender, recipients,
   * content, schedule), set-based: each send its admitted message or its own refusal, in order.
   */
  admit(tx: Tx, clock: Clock, sends: readonly { send: MessageSend<B>; profile: Profile }[]): Promise<(Admitted | SentralError)[]>;
  /** A message as the API shows it. */
  view(row: MessageRow): V;
  /** The status event of a message that just moved (`sms.status`…), `eventId` its event's id. */
  statusEvent(row: MessageRow, eventId: string): { type: EventType; data: Record<string, unknown> };
  template: TemplateRules;
  campaign: CampaignRules;
  api: ChannelApi;
  /** Starts its carriers in the messaging role. */
  startCarriers(services: Services, reports: CarrierReports): Promise<ChannelCarriers>;
}
