import type { Channel } from '../channel.js';
import { SMS_TRANSITIONS } from '../message-transitions.js';
import { simulatedSmsCarrier } from './simulated-sms-carrier.js';
import { smsStatusData } from './sms-view.js';
import { unconfiguredCarrier } from './unconfigured-carrier.js';

/** SMS as a channel of the pipeline: its transitions, `sms.status`, and its carriers (SMPP live, the directory for test keys). */
export const smsChannel: Channel = {
  name: 'sms',
  service: 'sms',
  transitions: SMS_TRANSITIONS,
  statusEvent: (row, eventId) => ({ type: 'sms.status', data: { ...smsStatusData(row, eventId) } }),
  async startCarriers(services, reports) {
    const test = simulatedSmsCarrier(services.clock, reports);
    const live = unconfiguredCarrier();
    return {
      live,
      test,
      async stop() {
        test.stop();
      },
    };
  },
};
