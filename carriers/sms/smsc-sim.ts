import smpp, { type PDU, type Session } from 'smpp';
import { directoryEntry, throttled } from './sms-directory.js';
import { concatOf, parseRelativeValidity, receiptText, textOf, type DecodedShortMessage } from './smpp-pdus.js';

/** Settings of the simulated SMSC. */
export interface SmscSimOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  systemId: string;
  password: string;
  /** Told of every submit taken and every whole message (tests and the bench count them; the CLI prints them). */
  onTrace?: (line: SmscTrace) => void;
}

/** What the simulated SMSC reports. */
export type SmscTrace =
  | { event: 'submit'; id: string; from: string; to: string; dataCoding: number; esmClass: number; concat: { ref: number; total: number; seq: number } | null; text: string }
  | { event: 'message'; to: string; text: string; parts: number };

/** A running simulated SMSC. */
export interface SmscSim {
  port: number;
  /** Submits taken (answered ESME_ROK) since the start. */
  accepted(): number;
  /** Delivers a mobile-originated SMS to a bound client (deliver_sm), or queues it until one binds. */
  deliverInbound(from: string, to: string, text: string): void;
  stop(): Promise<void>;
}

// Expired messages get their receipt at the validity's end; without one SMSCs keep trying 48 h.
const DEFAULT_VALIDITY_S = 172_800;
const ESME_RINVBNDSTS = 0x04;

/**
 * The simulated SMSC: a real SMPP 3.4 server (the `smpp` package) that follows the simulated network's
 * directory (sms-directory.ts): bind_transceiver with the configured credentials, submit_sm answered by
 * the directory (accepted with a message id, ESME_RINVDSTADR, ESME_RTHROTTLED every other time), delivery
 * receipts as deliver_sm after the number's delay or at the validity's end, enquire_link, and inbound
 * messages. Receipts for a client that is gone wait for the next bind, as an SMSC keeps them.
 */
export async function startSmscSim(options: SmscSimOptions): Promise<SmscSim> {
  let nextId = 1;
  let accepted = 0;
  const submitsTo = new Map<string, number>();
  const bound = new Set<Session>();
  const waiting: Record<string, unknown>[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const parts = new Map<string, string[]>();

  const deliver = (fields: Record<string, unknown>): void => {
    const session = [...bound][0];
    if (!session || !session.deliver_sm(fields)) waiting.push(fields);
  };

  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  function onSubmit(session: Session, pdu: PDU): void {
    if (!bound.has(session)) {
      session.send(pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    const to = `+${String(pdu.destination_addr ?? '')}`;
    const entry = directoryEntry(to);
    const count = submitsTo.get(to) ?? 0;
    submitsTo.set(to, count + 1);
    if (entry.submit === 'invalid_destination') {
      session.send(pdu.response({ command_status: 0x0b }));
      return;
    }
    if (throttled(entry, count)) {
      session.send(pdu.response({ command_status: 0x58 }));
      return;
    }
    const id = (nextId++).toString(16).padStart(8, '0');
    accepted++;
    const sm = pdu.short_message as DecodedShortMessage;
    const text = textOf(sm);
    const concat = concatOf(sm);
    const from = String(pdu.source_addr ?? '');
    // Traced before it is answered: a sim killed between the two has counted every submit it confirmed.
    options.onTrace?.({ event: 'submit', id, from, to, dataCoding: Number(pdu.data_coding ?? 0), esmClass: Number(pdu.esm_class ?? 0), concat, text });
    session.send(pdu.response({ message_id: id }));
    reassemble(to, from, concat, text);
    if ((Number(pdu.registered_delivery ?? 0) & 0x01) === 0) return;
    const submittedAt = new Date();
    const receipt = entry.receipt;
    const validity = validitySeconds(pdu.validity_period);
    const afterMs = 'atValidity' in receipt ? (validity ?? DEFAULT_VALIDITY_S) * 1000 : receipt.afterMs;
    later(afterMs, () => {
      const stat = receipt.stat;
      deliver({
        source_addr: String(pdu.destination_addr ?? ''),
        destination_addr: from,
        esm_class: 0x04,
        short_message: receiptText({ id, stat, err: stat === 'DELIVRD' ? '000' : '001', submittedAt, doneAt: new Date(), text }),
        receipted_message_id: id,
        message_state: stat === 'DELIVRD' ? 2 : stat === 'EXPIRED' ? 3 : 5,
      });
    });
  }

  function reassemble(to: string, from: string, concat: { ref: number; total: number; seq: number } | null, text: string): void {
    if (concat === null || concat.total <= 1) {
      options.onTrace?.({ event: 'message', to, text, parts: 1 });
      return;
    }
    const key = `${from}|${to}|${concat.ref}|${concat.total}`;
    const got = parts.get(key) ?? new Array<string>(concat.total).fill('');
    got[concat.seq - 1] = text;
    parts.set(key, got);
    if (got.every((p) => p !== '')) {
      parts.delete(key);
      options.onTrace?.({ event: 'message', to, text: got.join(''), parts: concat.total });
    }
  }

  const server = smpp.createServer({}, (session) => {
    session.on('error', () => session.destroy());
    session.on('close', () => bound.delete(session));
    session.on('bind_transceiver', (pdu: PDU) => {
      const ok = pdu.system_id === options.systemId && pdu.password === options.password;
      session.send(pdu.response({ command_status: ok ? 0 : 0x0d, system_id: 'sentral-smsc-sim' }));
      if (!ok) return;
      bound.add(session);
      while (waiting.length > 0 && session.deliver_sm(waiting[0]!)) waiting.shift();
    });
    session.on('submit_sm', (pdu: PDU) => onSubmit(session, pdu));
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => {
      bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    accepted: () => accepted,
    deliverInbound(from, to, text) {
      deliver({ source_addr: from.replace(/^\+/, ''), destination_addr: to.replace(/^\+/, ''), esm_class: 0, data_coding: 8, short_message: { message: text } });
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      for (const s of [...server.sessions]) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Seconds of a submit's validity_period. The smpp library decodes the field into a Date (a relative period
// counted from its arrival); a string is one it could not decode.
function validitySeconds(value: unknown): number | null {
  if (value instanceof Date) return Math.max(0, Math.round((value.getTime() - Date.now()) / 1000));
  if (typeof value === 'string') return parseRelativeValidity(value);
  return null;
}
