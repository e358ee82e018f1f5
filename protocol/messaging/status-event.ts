import { Type } from 'typebox';
import { Metadata, Mode, Uuid, WouldCostOre } from '../api/common.js';

/** The fields of every message status event (`sms.status`, `email.status`, `letter.status`), whatever the channel. */
export const statusEventFields = {
  /** The event's own id, also in the data (the interface's sms.status names it). */
  eventId: Type.String({ description: 'evt_…, the id of this event' }),
  mode: Mode,
  profileId: Uuid,
  messageId: Type.String(),
  priceOre: Type.Integer({ minimum: 0, description: 'The message\'s price while it is on its way (reserved) and once a carrier took it (drawn); 0 once it ended without being handed over (refused, failed before hand-off, canceled, expired unsent): nothing was drawn; 0 in test mode' }),
  wouldCostOre: WouldCostOre,
  errorCode: Type.Union([Type.String(), Type.Null()], { description: 'Why it failed, a code of the error catalogue; null unless it failed' }),
  errorDesc: Type.Union([Type.String(), Type.Null()], { description: 'The same for a person; null unless it failed' }),
  externalRef: Type.Union([Type.String(), Type.Null()]),
  metadata: Type.Union([Metadata, Type.Null()]),
  campaignId: Type.Union([Type.String(), Type.Null()], { description: 'The campaign that sent it; null for a message sent on its own' }),
};
