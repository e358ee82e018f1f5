import { Type, type Static } from 'typebox';
import { Ore, Timestamp } from './common.js';

/** Services a profile switches on. */
export const ProfileServices = Type.Object(
  { sms: Type.Boolean(), email: Type.Boolean(), letters: Type.Boolean(), phone: Type.Boolean() },
  { additionalProperties: false },
);
/** Services a profile switches on. */
export type ProfileServices = Static<typeof ProfileServices>;

/** A profile slug: short, lowercase, at most 32 characters (so it can never look like a UUID). */
export const Slug = Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z0-9][a-z0-9-]*$', description: 'lowercase letters, digits and -' });

/** Path parameter naming a profile: its slug or its UUID. */
export const ProfileRef = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 64, description: 'slug or profile id' }) });

/** POST /v1/profiles. */
export const ProfileCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    slug: Slug,
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    services: Type.Optional(Type.Partial(ProfileServices, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
/** POST /v1/profiles body. */
export type ProfileCreate = Static<typeof ProfileCreate>;

/** PATCH /v1/profiles/:slug: any of name, description, services; slug is refused with a clear error. */
export const ProfileUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    services: Type.Optional(Type.Partial(ProfileServices, { additionalProperties: false })),
    slug: Type.Optional(Type.String({ description: 'Not changeable: sending it is an error (profile_slug_immutable).' })),
  },
  { additionalProperties: false },
);
/** PATCH /v1/profiles/:slug body. */
export type ProfileUpdate = Static<typeof ProfileUpdate>;

/** A profile as the API returns it. */
export const Profile = Type.Object({
  id: Type.String({ description: 'UUID' }),
  object: Type.Literal('profile'),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  services: ProfileServices,
  limitOre: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.Union([Type.Literal('active'), Type.Literal('archived')]),
  createdAt: Timestamp,
  archivedAt: Type.Union([Timestamp, Type.Null()]),
});
/** A profile as the API returns it. */
export type Profile = Static<typeof Profile>;

/** A list of profiles. */
export const ProfileList = Type.Object({ object: Type.Literal('list'), data: Type.Array(Profile) });

/** PUT /v1/profiles/:slug/limit body and answer. */
export const ProfileLimit = Type.Object(
  { limitOre: Type.Union([Ore, Type.Null()], { description: 'monthly limit in øre; null removes it' }) },
  { additionalProperties: false },
);
/** PUT /v1/profiles/:slug/limit body. */
export type ProfileLimit = Static<typeof ProfileLimit>;

/** The answer of PUT /v1/profiles/:slug/limit. */
export const ProfileLimitAnswer = Type.Object({ profileId: Type.String(), limitOre: Type.Union([Type.Integer(), Type.Null()]) });
