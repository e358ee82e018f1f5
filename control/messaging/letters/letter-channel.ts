import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import type { MailboxCarrier } from '../../../carriers/mailbox/mailbox-carrier.js';
import { MailboxClient } from '../../../carriers/mailbox/mailbox-client.js';
import { startMailboxSim } from '../../../carriers/mailbox/mailbox-sim.js';
import { sqlMailboxStore } from '../../sim/sim-mailboxes.js';
import type { Carrier, CarrierReports, Channel, SubmitOutcome } from '../channel.js';
import type { MessageRow } from '../message-row.js';
import { messageMachine } from '../message-machine.js';
import { letterStatusData, type LetterContent } from './letter-view.js';

/**
 * Letter moves: the mailbox service taking a letter is its delivery (delivered to the digital mailbox, then
 * read; or delivered_to_print with no mailbox, printed and posted); failed when the service refuses it.
 */
const LETTER_MOVES = {
  sending: { submitted: 'delivered', 'submitted:print': 'delivered_to_print' },
  sent: null,
  delivered: { 'receipt:read': 'read' },
};

/** How often the mailbox service's event feed is read for letters opened. */
export const LETTER_EVENTS_POLL_MS = 2_000;

/**
 * Letters as a channel of the pipeline: their transitions, `letter.status`, and their carriers. Test keys
 * (and live keys without SENTRAL_MAILBOX_URL) go to the simulated mailbox service, its own HTTP server
 * started here; its event feed brings the letters read.
 */
export const letterChannel: Channel = {
  name: 'letter',
  service: 'letter',
  transitions: messageMachine(LETTER_MOVES),
  statusEvent: (row, eventId) => ({ type: 'letter.status', data: { ...letterStatusData(row, eventId) } }),
  async startCarriers(services, reports) {
    const { sql, clock, log, config } = services;
    const sim = await startMailboxSim({ port: config.letters.simPort, store: sqlMailboxStore(sql, clock) });
    const simClient = new MailboxClient(sim.url);
    const liveClient = config.letters.mailboxUrl === null ? simClient : new MailboxClient(config.letters.mailboxUrl);
    const feeds = [...new Set([simClient, liveClient])].map((client) => readEvents(client, clock, log, reports));
    return {
      live: mailboxCarrier(sql, liveClient),
      test: mailboxCarrier(sql, simClient),
      async stop() {
        for (const feed of feeds) feed.stop();
        await sim.close();
      },
    };
  },
};

/** The pipeline's letter carrier over a mailbox service client: the letter's PDF and fields from the row. */
export function mailboxCarrier(sql: Sql, client: MailboxCarrier): Carrier {
  return {
    async submit(row: MessageRow): Promise<SubmitOutcome> {
      const content = row.content as unknown as LetterContent;
      const [blob] = await sql<{ body: Buffer }[]>`select body from message_blobs where message_id = ${row.id} and name = 'document'`;
      const handOff = await client.deliver({
        messageId: row.id,
        senderName: content.senderName,
        recipient: content.recipient,
        subject: content.subject,
        sensitivity: content.sensitivity,
        printFallback: content.printFallback,
        pdf: blob!.body,
      });
      switch (handOff.kind) {
        case 'delivered':
          return { kind: 'submitted', carrierRefs: [row.id], ...(handOff.channel === 'print' ? { variant: 'print' } : {}) };
        case 'refused':
          return { kind: 'refused', code: handOff.code, desc: handOff.desc };
        case 'retry':
          return handOff;
      }
    },
  };
}

// Reads the service's feed on a timer: an opened letter is a `read` receipt for it (a repeat moves nothing).
function readEvents(client: MailboxCarrier, clock: Clock, log: Logger, reports: CarrierReports): { stop(): void } {
  let after = 0;
  let timer: Timer | null = null;
  let stopped = false;
  const tick = async (): Promise<void> => {
    try {
      for (;;) {
        const events = await client.eventsAfter(after, 100);
        for (const event of events) {
          if (event.type === 'opened') await reports.receipt('letter', event.messageId, 'read', null);
          after = event.seq;
        }
        if (events.length < 100) break;
      }
    } catch (err) {
      log.warn({ err }, 'the mailbox service\'s event feed could not be read; trying again');
    }
    if (!stopped) timer = clock.setTimer(LETTER_EVENTS_POLL_MS, () => void tick());
  };
  timer = clock.setTimer(LETTER_EVENTS_POLL_MS, () => void tick());
  return {
    stop() {
      stopped = true;
      timer?.cancel();
    },
  };
}
