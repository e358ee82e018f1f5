import type { Metadata } from '../../protocol/api/common.js';

/** A channel of the one messaging pipeline, by the name it is registered under (channel-registry.ts): sms, email, letter. */
export type ChannelName = string;

/** A message as stored (migration 060): one row whatever its channel. */
export interface MessageRow {
  id: string;
  seq: number;
  channel: ChannelName;
  company_id: string;
  profile_id: string;
  mode: 'live' | 'test';
  direction: 'outbound' | 'inbound';
  state: string;
  from_address: string;
  to_address: string;
  /** The channel's own fields (SMS: text, encoding, units). */
  content: Record<string, unknown>;
  price_ore: number;
  reservation_id: string | null;
  own_reservation: boolean;
  send_at_ms: number | null;
  valid_until_ms: number | null;
  next_attempt_at_ms: number | null;
  lease_until_ms: number | null;
  attempts: number;
  carrier_ref: string | null;
  error_code: string | null;
  error_desc: string | null;
  external_ref: string | null;
  metadata: Metadata | null;
  campaign_id: string | null;
  number_id: string | null;
  created_at_ms: number;
  updated_at_ms: number;
}
