import { Type, type Static } from 'typebox';
import { ListPage, Metadata, Mode, Nullable, PageCursor, PageLimit, Timestamp, Uuid } from '../api/common.js';

/** A channel a template (and a campaign) sends on. */
export const MessageChannelName = Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Literal('letter')]);
/** sms, email or letter. */
export type MessageChannelName = Static<typeof MessageChannelName>;

/** Longest template part source accepted, in characters. */
export const TEMPLATE_SOURCE_MAX = 100_000;

const Source = Type.String({ minLength: 1, maxLength: TEMPLATE_SOURCE_MAX, description: 'Liquid: {{ contact.name }}, {{ contact.attributes.plan }}' });

/**
 * POST /v1/templates. sms: body (the text). email: subject and body (plain text) and/or html. letter:
 * subject and body (the letter's text). Every part is Liquid and is parsed when saved.
 */
export const TemplateCreate = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    channel: MessageChannelName,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    subject: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    body: Type.Optional(Source),
    html: Type.Optional(Source),
  },
  { additionalProperties: false, title: 'TemplateCreate' },
);
/** POST /v1/templates body. */
export type TemplateCreate = Static<typeof TemplateCreate>;

/** PATCH /v1/templates/:id: given parts replace the stored ones (null removes one); the channel stays. */
export const TemplateUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    subject: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 2000 }))),
    body: Type.Optional(Nullable(Source)),
    html: Type.Optional(Nullable(Source)),
  },
  { additionalProperties: false, title: 'TemplateUpdate' },
);
/** PATCH /v1/templates/:id body. */
export type TemplateUpdate = Static<typeof TemplateUpdate>;

/** A message template. */
export const MessageTemplate = Type.Object(
  {
    id: Type.String({ description: 'tpl_…' }),
    object: Type.Literal('template'),
    profileId: Uuid,
    channel: MessageChannelName,
    name: Type.String(),
    subject: Nullable(Type.String()),
    body: Nullable(Type.String()),
    html: Nullable(Type.String()),
    mode: Mode,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Template' },
);
/** A message template. */
export type MessageTemplate = Static<typeof MessageTemplate>;

/** GET /v1/templates: oldest first. */
export const TemplatePageQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    channel: Type.Optional(MessageChannelName),
    after: Type.Optional(PageCursor('tpl')),
    limit: Type.Optional(PageLimit(100, 50)),
  },
  { additionalProperties: false },
);
/** Query of GET /v1/templates. */
export type TemplatePageQuery = Static<typeof TemplatePageQuery>;

/** A page of templates. */
export const TemplatePage = ListPage(MessageTemplate, 'TemplatePage');
/** A page of templates. */
export type TemplatePage = Static<typeof TemplatePage>;

/** DELETE /v1/templates/:id. */
export const TemplateDeleted = Type.Object({ id: Type.String(), object: Type.Literal('template'), deleted: Type.Literal(true) }, { title: 'TemplateDeleted' });
/** A deleted template. */
export type TemplateDeleted = Static<typeof TemplateDeleted>;

/** Sample contact data for a preview: what a contact would give the template. */
export const TemplateSample = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    externalRef: Type.Optional(Type.String({ maxLength: 200 })),
    attributes: Type.Optional(Metadata),
  },
  { additionalProperties: false, title: 'TemplateSample' },
);
/** Sample contact data. */
export type TemplateSample = Static<typeof TemplateSample>;

/** POST /v1/templates/:id/preview: render for one contact, or for sample data (neither: an empty contact). */
export const TemplatePreviewRequest = Type.Object(
  {
    contactId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^cnt_[0-9a-z]+$' })),
    sample: Type.Optional(TemplateSample),
  },
  { additionalProperties: false, title: 'TemplatePreviewRequest' },
);
/** A preview request. */
export type TemplatePreviewRequest = Static<typeof TemplatePreviewRequest>;

/** How a rendered SMS goes: encoding, units and what it costs at the company's price (test keys pay nothing). */
export const SmsPricing = Type.Object(
  {
    encoding: Type.Union([Type.Literal('gsm7'), Type.Literal('ucs2')]),
    units: Type.Integer({ minimum: 1 }),
    nonGsmCharacters: Type.Array(Type.String(), { description: 'The characters that made it UCS-2' }),
    priceOre: Type.Integer({ minimum: 0, description: 'units × the SMS unit price' }),
  },
  { title: 'SmsPricing' },
);
/** An SMS's encoding, units and price. */
export type SmsPricing = Static<typeof SmsPricing>;

/** A template rendered. */
export const TemplatePreview = Type.Object(
  {
    object: Type.Literal('template_preview'),
    templateId: Type.String(),
    channel: MessageChannelName,
    subject: Nullable(Type.String()),
    body: Nullable(Type.String()),
    html: Nullable(Type.String()),
    sms: Nullable(SmsPricing),
    priceOre: Type.Integer({ minimum: 0, description: 'What one message of this content costs' }),
  },
  { title: 'TemplatePreview' },
);
/** A rendered template. */
export type TemplatePreview = Static<typeof TemplatePreview>;
