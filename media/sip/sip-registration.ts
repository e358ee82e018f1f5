import { randomBytes } from 'node:crypto';
import type { SipMessage } from 'sip';
import { signRequest } from 'sip/digest.js';
import type { Logger } from '../../shared/log/log.js';
import type { SipSettings } from './sip-config.js';
import { contactHostPort, transportParam } from './sip-config.js';

/** Seconds before a failed registration is tried again. */
const RETRY_SECONDS = 60;

/** Where the registration is. */
export type RegistrationState = 'registering' | 'registered' | 'failed' | 'stopped';

/**
 * Keeps the node's contact registered at the trunk (RFC 3261 §10) for trunks that send inbound calls only
 * to registered contacts: REGISTER for `registerSeconds` (answered with digest credentials when
 * challenged), refreshed at half of what the trunk granted, tried again a minute after a failure, and
 * removed (Expires: 0) when the agent stops. The address of record is the user name at the trunk.
 * Refreshes run on timers of the host, not the media tick: they are seconds to hours apart and touch no
 * audio.
 */
export class SipRegistration {
  state: RegistrationState = 'registering';
  /** Seconds the trunk granted on the last success (tests, logs). */
  granted: number | null = null;
  private readonly callId = `${randomBytes(12).toString('hex')}@sentral`;
  private readonly tag = randomBytes(6).toString('hex');
  private cseq = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiters: ((state: RegistrationState) => void)[] = [];

  constructor(
    private readonly settings: SipSettings & { registerSeconds: number },
    private readonly send: (message: SipMessage, onResponse: (response: SipMessage) => void) => void,
    private readonly log: Logger,
  ) {}

  /** Resolves with the state once the trunk has answered (registered or failed); at once if it has. */
  settled(): Promise<RegistrationState> {
    if (this.state === 'registered' || this.state === 'failed') return Promise.resolve(this.state);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  start(): void {
    this.register(this.settings.registerSeconds, undefined);
  }

  /** Stops refreshing and removes the registration (best effort: the agent closes right after). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const was = this.state;
    this.state = 'stopped';
    if (was === 'registered') this.register(0, undefined);
  }

  private register(expires: number, challenge: SipMessage | undefined): void {
    const s = this.settings;
    const user = s.credentials?.user ?? 'sentral';
    const transport = transportParam(s);
    const aor = `sip:${user}@${s.trunk.host}`;
    const rq: SipMessage = {
      method: 'REGISTER',
      uri: `sip:${s.trunk.host}:${s.trunk.port}${transport}`,
      headers: {
        to: { uri: aor, params: {} },
        from: { uri: aor, params: { tag: this.tag } },
        'call-id': this.callId,
        cseq: { method: 'REGISTER', seq: ++this.cseq },
        contact: [{ uri: `sip:${user}@${contactHostPort(s)}${transport}`, params: {} }],
        expires,
        'max-forwards': 70,
        via: [],
      },
    };
    if (challenge && s.credentials) signRequest({}, rq, challenge, s.credentials);
    this.send(rq, (rs) => this.answered(rs, expires, challenge !== undefined));
  }

  private answered(rs: SipMessage, expires: number, authTried: boolean): void {
    const status = rs.status ?? 500;
    if (status < 200 || expires === 0) return;
    if (this.state === 'stopped') return;
    if (status < 300) {
      this.state = 'registered';
      this.granted = grantedSeconds(rs, expires);
      this.schedule(Math.max(1, Math.floor(this.granted / 2)));
      return this.settle();
    }
    if ((status === 401 || status === 407) && !authTried && this.settings.credentials) return this.register(expires, rs);
    this.state = 'failed';
    this.log.warn({ status }, 'sip registration refused by the trunk');
    this.schedule(RETRY_SECONDS);
    this.settle();
  }

  private settle(): void {
    for (const w of this.waiters.splice(0)) w(this.state);
  }

  private schedule(seconds: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.state !== 'stopped') this.register(this.settings.registerSeconds, undefined);
    }, seconds * 1000);
    this.timer.unref();
  }
}

/** What the trunk granted: our contact's expires parameter, else the Expires header, else what we asked. */
function grantedSeconds(rs: SipMessage, asked: number): number {
  const fromContact = Number(rs.headers.contact?.[0]?.params.expires);
  if (Number.isInteger(fromContact) && fromContact > 0) return fromContact;
  const fromHeader = Number(rs.headers.expires);
  return Number.isInteger(fromHeader) && fromHeader > 0 ? fromHeader : asked;
}
