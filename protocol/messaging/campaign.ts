import { Type, type Static } from 'typebox';
import { ListPage, Metadata, Mode, Nullable, PageCursor, PageLimit, Timestamp, Uuid } from '../api/common.js';
import { MessageChannelName } from './template.js';

/** Most messages per second a campaign may hand to the outbox. */
export const CAMPAIGN_MAX_RATE = 1000;
/** Rate of a campaign created without one. */
export const CAMPAIGN_DEFAULT_RATE = 10;

const ListId = Type.String({ minLength: 1, maxLength: 64, pattern: '^lst_[0-9a-z]+$' });
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, Europe/Oslo' });

/** A daily window in Europe/Oslo time when nothing is sent (it may wrap midnight: 21:00 to 08:00). */
export const QuietHoursSpec = Type.Object({ start: TimeOfDay, end: TimeOfDay }, { additionalProperties: false, title: 'QuietHours' });
/** Quiet hours. */
export type QuietHoursSpec = Static<typeof QuietHoursSpec>;

/** lifecycle: draft → scheduled → running ⇄ paused → completed | canceled. */
export const CampaignStatusSchema = Type.Union([
  Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('running'), Type.Literal('paused'), Type.Literal('completed'), Type.Literal('canceled'),
]);

const Fields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  sender: Type.String({ minLength: 1, maxLength: 254, description: "SMS: one of the profile's numbers or registered sender ids; email: the from address; letter: the sender's name" }),
  templateId: Type.String({ minLength: 1, maxLength: 64, pattern: '^tpl_[0-9a-z]+$', description: 'A template of the same channel and profile' }),
  listId: ListId,
  excludeListIds: Type.Array(ListId, { maxItems: 20, description: 'Contacts in any of these lists are left out' }),
  sendAt: Nullable(Type.String({ format: 'date-time', description: 'When sending begins (ISO 8601); null or absent: at start' })),
  validUntil: Nullable(Type.String({ format: 'date-time', description: 'Nothing is handed over after this; the rest is released' })),
  rate: Type.Integer({ minimum: 1, maximum: CAMPAIGN_MAX_RATE, description: `Messages per second (default ${CAMPAIGN_DEFAULT_RATE})` }),
  quietHours: Nullable(QuietHoursSpec),
  metadata: Metadata,
};

/** POST /v1/campaigns: a draft. */
export const CampaignCreate = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    name: Fields.name,
    channel: MessageChannelName,
    sender: Fields.sender,
    templateId: Fields.templateId,
    listId: Fields.listId,
    excludeListIds: Type.Optional(Fields.excludeListIds),
    sendAt: Type.Optional(Fields.sendAt),
    validUntil: Type.Optional(Fields.validUntil),
    rate: Type.Optional(Fields.rate),
    quietHours: Type.Optional(Fields.quietHours),
    metadata: Type.Optional(Fields.metadata),
  },
  { additionalProperties: false, title: 'CampaignCreate' },
);
/** POST /v1/campaigns body. */
export type CampaignCreate = Static<typeof CampaignCreate>;

/** PATCH /v1/campaigns/:id: a draft's fields (the channel and profile stay). */
export const CampaignUpdate = Type.Partial(Type.Omit(CampaignCreate, ['profileId', 'channel']), { additionalProperties: false, title: 'CampaignUpdate' });
/** PATCH /v1/campaigns/:id body. */
export type CampaignUpdate = Static<typeof CampaignUpdate>;

/** Recipients by where they stand. */
export const CampaignCounts = Type.Object(
  {
    recipients: Type.Integer({ minimum: 0, description: 'Everyone in the audience at start: always pending + sent + delivered + failed + skipped + canceled' }),
    pending: Type.Integer({ minimum: 0, description: 'Not sent yet (waiting, or with the sender)' }),
    sent: Type.Integer({ minimum: 0, description: 'Taken by the carrier, no receipt yet' }),
    delivered: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0, description: 'Refused, undeliverable, expired or an unknown outcome' }),
    skipped: Type.Integer({ minimum: 0, description: 'Never sent: suppressed, no address for the channel, or the template failed for them' }),
    canceled: Type.Integer({ minimum: 0, description: 'Not sent because the campaign was canceled or its validUntil passed' }),
    skippedByReason: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'recipient_opted_out, contact_address_missing, template_render_error, …' }),
  },
  { title: 'CampaignCounts' },
);
/** A campaign's counts. */
export type CampaignCounts = Static<typeof CampaignCounts>;

/** A campaign's money in øre (live keys; test campaigns reserve nothing). */
export const CampaignMoney = Type.Object(
  {
    reservedOre: Type.Integer({ minimum: 0, description: 'The whole audience, priced at start' }),
    spentOre: Type.Integer({ minimum: 0, description: 'Drawn by messages the carrier took' }),
    releasedOre: Type.Integer({ minimum: 0, description: 'Given back once nothing more can be drawn' }),
  },
  { title: 'CampaignMoney' },
);
/** A campaign's money. */
export type CampaignMoney = Static<typeof CampaignMoney>;

/** A campaign. */
export const Campaign = Type.Object(
  {
    id: Type.String({ description: 'cmp_…' }),
    object: Type.Literal('campaign'),
    profileId: Uuid,
    name: Type.String(),
    state: CampaignStatusSchema,
    channel: MessageChannelName,
    sender: Type.String(),
    templateId: Type.String(),
    listId: Type.String(),
    excludeListIds: Type.Array(Type.String()),
    sendAt: Nullable(Timestamp),
    validUntil: Nullable(Timestamp),
    rate: Type.Integer(),
    quietHours: Nullable(QuietHoursSpec),
    counts: CampaignCounts,
    money: CampaignMoney,
    metadata: Nullable(Metadata),
    mode: Mode,
    createdAt: Timestamp,
    startedAt: Nullable(Timestamp),
    finishedAt: Nullable(Timestamp),
    settledAt: Nullable(Timestamp),
  },
  { title: 'Campaign' },
);
/** A campaign. */
export type Campaign = Static<typeof Campaign>;

/** GET /v1/campaigns: newest first. */
export const CampaignPageQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    before: Type.Optional(PageCursor('cmp')),
    limit: Type.Optional(PageLimit(100, 20)),
  },
  { additionalProperties: false },
);
/** Query of GET /v1/campaigns. */
export type CampaignPageQuery = Static<typeof CampaignPageQuery>;

/** A page of campaigns. */
export const CampaignPage = ListPage(Campaign, 'CampaignPage');
/** A page of campaigns. */
export type CampaignPage = Static<typeof CampaignPage>;

/** DELETE /v1/campaigns/:id (drafts only). */
export const CampaignDeleted = Type.Object({ id: Type.String(), object: Type.Literal('campaign'), deleted: Type.Literal(true) }, { title: 'CampaignDeleted' });
/** A deleted draft. */
export type CampaignDeleted = Static<typeof CampaignDeleted>;

/** Data of campaign.started, campaign.completed and campaign.canceled. */
export const CampaignEventData = Type.Object(
  { campaignId: Type.String(), state: CampaignStatusSchema, counts: CampaignCounts, money: CampaignMoney, mode: Mode, profileId: Uuid },
  { title: 'CampaignEventData' },
);
/** Data of a campaign event. */
export type CampaignEventData = Static<typeof CampaignEventData>;

/** Each campaign event type and the schema of its data. */
export const campaignEventSchemas = {
  'campaign.started': CampaignEventData,
  'campaign.completed': CampaignEventData,
  'campaign.canceled': CampaignEventData,
} as const;
