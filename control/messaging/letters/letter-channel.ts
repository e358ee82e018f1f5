import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import type { MailboxCarrier } from '../../../carriers/mailbox/mailbox-carrier.js';
import { MailboxClient } from '../../../carriers/mailbox/mailbox-client.js';
import { startMailboxSim } from '../../../carriers/mailbox/mailbox-sim.js';
import { sqlMailboxStore } from './sim-mailboxes.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { Letter, LETTER_BODY_LIMIT_BYTES, LetterCreate, LetterList, LetterListQuery } from '../../../protocol/messaging/letter.js';
import type { Carrier, CarrierReports, MessageChannel, MessageParts, SubmitOutcome } from '../message-channel.js';
import type { MessageRow } from '../message-row.js';
import { messageMachine } from '../message-machine.js';
import { listFilters } from '../message-reads.js';
import { assertPrintable, checkUploadedPdf, renderLetterPdf } from './letter-pdf.js';
import { admitLetters } from './letter-service.js';
import { letterStatusData, letterView, shownRecipient, type LetterContent } from './letter-view.js';

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

// How long a campaign letter waits to be handed to the mailbox service (its delivery is retried meanwhile).
const CAMPAIGN_LETTER_VALIDITY_MS = 7 * 24 * 3_600_000;

/** A campaign letter's content until its PDF is rendered: the rendered text goes with it. */
type PendingLetter = LetterContent & { body: string };

/**
 * Letters as a channel: their names, moves, checks, `letter.status`, template and campaign rules, routes,
 * and carriers. Test keys (and live keys without SENTRAL_MAILBOX_URL) go to the simulated mailbox service,
 * its own HTTP server started here; its event feed brings the letters read.
 */
export const letterChannel: MessageChannel<LetterCreate, Letter> = {
  name: 'letter',
  names: { ledgerService: 'letter', usageService: 'letters', profileService: 'letters', idPrefix: 'ltr', noun: 'letter', serviceNoun: 'letters' },
  transitions: messageMachine(LETTER_MOVES),
  admit: admitLetters,
  view: letterView,
  statusEvent: (row, eventId) => ({ type: 'letter.status', data: { ...letterStatusData(row, eventId) } }),
  template: {
    checkParts(parts: MessageParts) {
      const refuse = (message: string, param: string) => new SentralError('invalid_request', { message, param });
      if (parts.subject === null) throw refuse('A letter template needs a subject.', 'subject');
      if (parts.body === null) throw refuse("A letter template needs body (the letter's text).", 'body');
      if (parts.html !== null) throw refuse('Only an email template has html.', 'html');
    },
    price: (_parts, prices) => ({ priceOre: prices.letterOre, sms: null }),
  },
  campaign: {
    addressColumn: 'national_id',
    // The sender is the name at the head of the letter: it must print.
    async checkSender(_db, _profileId, _mode, sender) {
      assertPrintable('sender', sender);
    },
    fromAddress: (sender) => sender,
    toAddress: (address) => shownRecipient({ nationalId: address }),
    message(parts, prices, { sender, address }) {
      const subject = parts.subject ?? '';
      const body = parts.body ?? '';
      if (subject.trim() === '' || body.trim() === '') return { code: 'template_render_error' };
      try {
        assertPrintable('subject', subject);
        assertPrintable('body', body);
      } catch {
        return { code: 'pdf_invalid' };
      }
      const content: PendingLetter = { recipient: { nationalId: address }, subject, pages: 0, printFallback: false, sensitivity: 'normal', senderName: sender, body };
      return { content: content as unknown as Record<string, unknown>, priceOre: prices.letterOre };
    },
    defaultValidityMs: CAMPAIGN_LETTER_VALIDITY_MS,
    async prepare(content, nowMs) {
      const { body, ...letterContent } = content as unknown as PendingLetter;
      const pdf = await renderLetterPdf({ sender: [letterContent.senderName], recipient: [], dateMs: nowMs, subject: letterContent.subject, body });
      const stored: LetterContent = { ...letterContent, pages: checkUploadedPdf(pdf) };
      return { content: stored as unknown as Record<string, unknown>, blobs: [{ name: 'document', contentType: 'application/pdf', body: pdf }] };
    },
  },
  api: {
    path: 'letters',
    tag: 'letters',
    scopes: { send: 'letters:send', read: 'letters:read' },
    prices: ['letterOre'],
    bodyLimit: LETTER_BODY_LIMIT_BYTES,
    schemas: { create: LetterCreate, one: Letter, list: LetterList, listQuery: LetterListQuery },
    operations: {
      send: { operationId: 'sendLetter', summary: 'Send a letter to a digital mailbox (print fallback optional): 500 øre when delivered, reported by letter.status' },
      list: { operationId: 'listLetters', summary: 'List letters, newest first, by profile, state and time' },
      get: { operationId: 'getLetter', summary: 'Read a letter and its state' },
    },
    filters: (query) => listFilters(query),
  },
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
      // An unreachable feed is an expected condition (it is read again on the next tick): one line, no stack;
      // none at all when the read was cut by our own stop.
      if (!stopped) log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'the mailbox service\'s event feed could not be read; trying again');
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
