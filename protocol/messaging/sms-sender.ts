import { Type, type Static } from 'typebox';
import { Timestamp } from '../api/common.js';
import { AlphanumericSender } from './sms.js';

/** POST /v1/profiles/:slug/senders: an alphanumeric sender id (nobody can reply to it). */
export const SmsSenderCreate = Type.Object({ sender: AlphanumericSender }, { additionalProperties: false, title: 'SmsSenderCreate' });
/** POST /v1/profiles/:slug/senders. */
export type SmsSenderCreate = Static<typeof SmsSenderCreate>;

/** An alphanumeric sender id registered on a profile. */
export const SmsSender = Type.Object(
  { object: Type.Literal('sms_sender'), id: Type.String(), sender: Type.String(), profileId: Type.String(), createdAt: Timestamp },
  { title: 'SmsSender' },
);
/** A registered sender id. */
export type SmsSender = Static<typeof SmsSender>;

/** A profile's sender ids. */
export const SmsSenderList = Type.Object({ object: Type.Literal('list'), data: Type.Array(SmsSender) }, { title: 'SmsSenderList' });
