import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { MessageChannel } from '../message-channel.js';
import type { ChannelName } from '../message-row.js';
import { smsChannel } from '../sms/sms-channel.js';
import { emailChannel } from '../email/email-channel.js';
import { letterChannel } from '../letters/letter-channel.js';

/** The channels the pipeline runs, by name. */
export class ChannelRegistry {
  readonly channels: ReadonlyMap<ChannelName, MessageChannel>;

  constructor(list: readonly MessageChannel[]) {
    this.channels = new Map(list.map((c) => [c.name, c]));
  }

  /** The channel of this name; one not registered is a server error (a row of a channel this build lacks). */
  get(name: ChannelName): MessageChannel {
    const channel = this.channels.get(name);
    if (!channel) throw new SentralError('internal_error', { message: `No ${name} channel is registered.` });
    return channel;
  }
}

/** Every channel of this build: a new channel adds itself here (docs/messaging.md, "How a channel plugs in"). */
export const messageChannels = new ChannelRegistry([smsChannel, emailChannel, letterChannel]);
