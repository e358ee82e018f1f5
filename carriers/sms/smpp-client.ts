import smpp, { type PDU, type Session } from 'smpp';

/** Settings of the SMPP client (SENTRAL_SMPP_*). */
export interface SmppClientOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** Submits waiting for their answer at once (at most). */
  window: number;
  /** Submits per second (at most). */
  ratePerSecond: number;
  /** Seconds between enquire_links on an idle bind. */
  enquireLinkSeconds?: number;
  /** A deliver_sm (receipt or inbound message); answered once this resolves, so nothing is lost if we die first. */
  onDeliver(pdu: PDU): Promise<void>;
  /** Connection events for the log (never the password). */
  onState?(state: 'bound' | 'disconnected' | 'bind_failed', detail?: string): void;
}

/** The answer to one submit_sm. */
export interface SubmitAnswer {
  status: number;
  messageId: string | null;
}

/** The bind was not up, so the submit was never written: safe to try again. */
export class NotBoundError extends Error {
  constructor() {
    super('not bound to the SMSC');
    this.name = 'NotBoundError';
  }
}

/** The connection died after the submit was written and before its answer: whether the SMSC took it is unknown. */
export class ConnectionLostError extends Error {
  constructor() {
    super('the SMSC connection closed before the answer');
    this.name = 'ConnectionLostError';
  }
}

/** ESME_RTHROTTLED and ESME_RMSGQFUL: not taken, try again later. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([0x58, 0x14]);

const MAX_BACKOFF_MS = 10_000;
// A flood of deliver_sm is read no faster than it is recorded: the socket pauses past this many.
const MAX_DELIVERIES_IN_FLIGHT = 64;

/**
 * An SMPP 3.4 transceiver bind kept up: connect, bind_transceiver, enquire_link while idle, reconnect with
 * backoff (doubling to 10 s) when the connection drops or the peer sends what cannot be parsed; a window
 * of submits in flight and a rate limit; ESME_RTHROTTLED slows every submit down for a second.
 */
export class SmppClient {
  private session: Session | null = null;
  private bound = false;
  private stopped = false;
  private backoffMs = 250;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private windowWaiters: (() => void)[] = [];
  private nextSlotAt = 0;
  private pending = new Map<number, { settle: (answer: SubmitAnswer | Error) => void; sentAt: number }>();
  private deliveries = 0;
  private bindWaiters: (() => void)[] = [];

  constructor(private readonly options: SmppClientOptions) {}

  /** Starts connecting (and keeps reconnecting until stop). */
  start(): void {
    this.connect();
  }

  /** True while a bind is up. */
  isBound(): boolean {
    return this.bound;
  }

  /** Resolves once bound (tests, start-up). */
  whenBound(): Promise<void> {
    return this.bound ? Promise.resolve() : new Promise((resolve) => this.bindWaiters.push(resolve));
  }

  /**
   * Sends one submit_sm within the window and the rate; resolves with the SMSC's answer. Throws
   * NotBoundError when no bind is up (nothing was written) and ConnectionLostError when the connection
   * died after writing it.
   */
  async submit(fields: Record<string, unknown>): Promise<SubmitAnswer> {
    await this.enterWindow();
    try {
      await this.waitForSlot();
      const session = this.session;
      if (!this.bound || !session) throw new NotBoundError();
      return await new Promise<SubmitAnswer>((resolve, reject) => {
        let sequence = 0;
        const written = session.submit_sm(fields, (pdu: PDU) => {
          this.pending.delete(sequence);
          if (RETRY_STATUSES.has(pdu.command_status)) this.slowDown();
          resolve({ status: pdu.command_status, messageId: pdu.command_status === 0 ? String(pdu.message_id ?? '') : null });
        });
        if (!written) {
          reject(new NotBoundError());
          return;
        }
        // The library numbered the PDU as it wrote it: the newest sequence is this one.
        sequence = (session as unknown as { sequence: number }).sequence;
        this.pending.set(sequence, { settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)), sentAt: Date.now() });
      });
    } finally {
      this.leaveWindow();
    }
  }

  /** Submits written and not answered yet, and when the oldest of them was written (epoch ms; null when none). */
  window(): { inFlight: number; oldestSentAt: number | null } {
    let oldest: number | null = null;
    // Insertion order is write order: the first entry is the oldest.
    for (const { sentAt } of this.pending.values()) {
      oldest = sentAt;
      break;
    }
    return { inFlight: this.pending.size, oldestSentAt: oldest };
  }

  /** Unbinds and closes; no reconnect after. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const session = this.session;
    if (!session) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => session.destroy(), 1_000);
      session.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      if (this.bound) session.unbind({}, () => session.close());
      else session.destroy();
    });
  }

  private connect(): void {
    if (this.stopped) return;
    const session = smpp.connect({ host: this.options.host, port: this.options.port, auto_enquire_link_period: (this.options.enquireLinkSeconds ?? 30) * 1000 });
    this.session = session;
    session.on('connect', () => {
      session.bind_transceiver({ system_id: this.options.systemId, password: this.options.password }, (pdu: PDU) => {
        if (pdu.command_status !== 0) {
          this.options.onState?.('bind_failed', `command_status 0x${pdu.command_status.toString(16)}`);
          session.destroy();
          return;
        }
        this.bound = true;
        this.backoffMs = 250;
        this.options.onState?.('bound');
        for (const w of this.bindWaiters.splice(0)) w();
      });
    });
    session.on('deliver_sm', (pdu: PDU) => this.onDeliver(session, pdu));
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    // What cannot be parsed (garbage, an absurd command_length) leaves the library's reader stopped: drop
    // the connection and bind again.
    session.on('error', () => session.destroy());
    session.on('close', () => this.onClose(session));
  }

  private onDeliver(session: Session, pdu: PDU): void {
    this.deliveries++;
    if (this.deliveries > MAX_DELIVERIES_IN_FLIGHT) session.pause();
    this.options
      .onDeliver(pdu)
      .catch(() => undefined)
      .finally(() => {
        this.deliveries--;
        session.send(pdu.response());
        if (this.deliveries <= MAX_DELIVERIES_IN_FLIGHT / 2) session.resume();
      });
  }

  private onClose(session: Session): void {
    if (this.session !== session) return;
    this.session = null;
    const wasBound = this.bound;
    this.bound = false;
    for (const { settle } of this.pending.values()) settle(new ConnectionLostError());
    this.pending.clear();
    if (wasBound) this.options.onState?.('disconnected');
    if (this.stopped) return;
    this.reconnectTimer = setTimeout(() => this.connect(), this.backoffMs);
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
  }

  private async enterWindow(): Promise<void> {
    while (this.inFlight >= this.options.window) await new Promise<void>((resolve) => this.windowWaiters.push(resolve));
    this.inFlight++;
  }

  private leaveWindow(): void {
    this.inFlight--;
    this.windowWaiters.shift()?.();
  }

  // Spaces submits 1/rate apart.
  private async waitForSlot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = at + 1000 / this.options.ratePerSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  // The SMSC said it is overloaded: no submit goes for a second.
  private slowDown(): void {
    this.nextSlotAt = Math.max(this.nextSlotAt, Date.now() + 1000);
  }
}
