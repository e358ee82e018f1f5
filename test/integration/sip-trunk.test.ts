import type { SipMessage } from 'sip';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TlsOptions } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SipSettings } from '../../media/sip/sip-config.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import { createLogger } from '../../shared/log/log.js';
import type { LegContext } from '../../media/session/leg.js';
import { RtpLeg } from '../../media/rtp/rtp-leg.js';
import { parseRtp } from '../../media/rtp/rtp-packet.js';
import { RtpPortPool } from '../../media/rtp/rtp-port-pool.js';
import { SipAgent } from '../../media/sip/sip-agent.js';
import { freeSipPort } from '../support/baresip.js';
import { SipTrunk, type TrunkBehaviour } from '../support/sip-trunk.js';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

interface Dialled {
  trunk: SipTrunk;
  agent: SipAgent;
  leg: RtpLeg;
  events: MediaEventBody[];
  ended: string[];
  until(done: () => boolean): Promise<void>;
}

async function dialTrunk(
  behaviour: TrunkBehaviour,
  options: { transport?: 'udp' | 'tcp' | 'tls'; credentials?: { user: string; password: string }; tls?: { trunk: TlsOptions; agent: NonNullable<SipSettings['tls']> } } = {},
): Promise<Dialled> {
  const trunk = await SipTrunk.start('127.0.0.2', options.tls?.trunk);
  trunk.behaviour = behaviour;
  open.push(trunk);
  const agent = SipAgent.start(
    {
      listenAddress: '127.0.0.1',
      listenPort: await freeSipPort('127.0.0.1'),
      publicAddress: '127.0.0.1',
      trunk: { host: '127.0.0.2', port: options.transport === 'tls' ? trunk.tlsPort : trunk.port, transport: options.transport ?? 'udp' },
      tls: options.tls?.agent ?? null,
      credentials: options.credentials ?? null,
      allow: ['127.0.0.2'],
      rtpPorts: [0, 0],
    },
    new RtpPortPool('127.0.0.1', 0, 0),
    createLogger({ level: 'silent' }),
  );
  open.push(agent);
  const events: MediaEventBody[] = [];
  const ended: string[] = [];
  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const w of [...waiters]) w();
  };
  const context: LegContext = {
    callId: 'call_t',
    report: (e) => {
      events.push(e);
      notify();
    },
    ended: (reason) => {
      ended.push(reason);
      notify();
    },
  };
  const leg = (await agent.dial({ legId: 'phone', to: '+4798765432', from: '+4722222222', context })) as RtpLeg;
  const until = (done: () => boolean): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (!done()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { trunk, agent, leg, events, ended, until };
}

const types = (d: Dialled): string[] => d.events.map((e) => e.type);

describe('SIP trunk signalling', () => {
  for (const transport of ['udp', 'tcp'] as const) {
    it(`answers the trunk's digest challenge (401) over ${transport.toUpperCase()} and the call is answered`, async () => {
      const creds = { user: 'acme', password: 's3cret-pass' };
      const d = await dialTrunk({ kind: 'answer', challenge: { status: 401, realm: 'trunk.test', ...creds } }, { transport, credentials: creds });
      await d.until(() => types(d).includes('leg.answered'));
      const invites = d.trunk.requests.filter((r) => r.method === 'INVITE');
      expect(invites).toHaveLength(2);
      expect(invites[1]!.headers.authorization).toBeDefined();
      expect(invites[1]!.headers.cseq!.seq).toBe(invites[0]!.headers.cseq!.seq + 1);
      expect(types(d)).toEqual(['leg.ringing', 'leg.answered']);
      // Audio flows to the trunk's RTP socket in the codec it chose (PCMA).
      d.leg.push(new Uint8Array(160).fill(0xff));
      await d.trunk.until(() => d.trunk.rtp.length > 0);
      expect(parseRtp(d.trunk.rtp[0]!)!.payloadType).toBe(8);
    });
  }

  describe('over TLS', () => {
    let dir = '';
    let tls: { trunk: TlsOptions; agent: NonNullable<SipSettings['tls']> };
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'sentral-sip-tls-'));
      // Self-signed certificates for each end's address; each trusts the other's.
      for (const [name, ip] of [['trunk', '127.0.0.2'], ['agent', '127.0.0.1'], ['stranger', '127.0.0.2']]) {
        execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${ip}`, '-addext', `subjectAltName=IP:${ip}`,
          '-keyout', join(dir, `${name}.key`), '-out', join(dir, `${name}.crt`)], { stdio: 'ignore' });
      }
      tls = {
        trunk: { key: readFileSync(join(dir, 'trunk.key')), cert: readFileSync(join(dir, 'trunk.crt')), ca: readFileSync(join(dir, 'agent.crt')) },
        agent: { certFile: join(dir, 'agent.crt'), keyFile: join(dir, 'agent.key'), caFile: join(dir, 'trunk.crt'), port: await freeSipPort('127.0.0.1') },
      };
    });
    afterAll(async () => rm(dir, { recursive: true, force: true }));

    it('sends the INVITE over TLS to a trunk whose certificate it trusts; answered, then BYE over TLS', async () => {
      const d = await dialTrunk({ kind: 'answer' }, { transport: 'tls', tls });
      await d.until(() => types(d).includes('leg.answered'));
      const invite = d.trunk.requests.find((r) => r.method === 'INVITE')!;
      expect(invite.headers.via![0]!.protocol!.toUpperCase()).toBe('TLS');
      expect(invite.headers.contact![0]!.uri).toBe(`sip:sentral@127.0.0.1:${tls.agent.port};transport=tls`);
      d.leg.close('hangup');
      await d.trunk.until(() => d.trunk.requests.some((r) => r.method === 'BYE'));
      expect(d.trunk.requests.find((r) => r.method === "BYE")!.headers.via![0]!.protocol!.toUpperCase()).toBe('TLS');
    });

    it('refuses a trunk whose certificate it does not trust: the call fails, no INVITE is read', async () => {
      const stranger = {
        trunk: { ...tls.trunk, key: readFileSync(join(dir, 'stranger.key')), cert: readFileSync(join(dir, 'stranger.crt')) },
        agent: { ...tls.agent, port: await freeSipPort('127.0.0.1') },
      };
      const d = await dialTrunk({ kind: 'answer' }, { transport: 'tls', tls: stranger });
      await d.until(() => types(d).includes('leg.failed'));
      expect(d.trunk.requests.filter((r) => r.method === 'INVITE')).toHaveLength(0);
    });
  });

  it('registers when asked (REGISTER, digest on the 401), honours what the trunk grants, and unregisters on close', async () => {
    const trunk = await SipTrunk.start();
    open.push(trunk);
    const creds = { user: 'acme', password: 's3cret-pass' };
    trunk.registrar = { realm: 'trunk.test', ...creds, grantSeconds: 600 };
    const agent = SipAgent.start(
      {
        listenAddress: '127.0.0.1',
        listenPort: await freeSipPort('127.0.0.1'),
        publicAddress: '127.0.0.1',
        trunk: { host: '127.0.0.2', port: trunk.port, transport: 'udp' },
        credentials: creds,
        allow: ['127.0.0.2'],
        rtpPorts: [0, 0],
        registerSeconds: 3600,
      },
      new RtpPortPool('127.0.0.1', 0, 0),
      createLogger({ level: 'silent' }),
    );
    const registers = (): SipMessage[] => trunk.requests.filter((r) => r.method === 'REGISTER');
    expect(await agent.registration!.settled()).toBe('registered');
    const [first, signed] = registers();
    expect(first!.headers.authorization).toBeUndefined();
    expect(signed!.headers.authorization).toBeDefined();
    expect(signed!.headers.expires).toBe('3600');
    expect(signed!.headers.contact![0]!.uri).toBe(`sip:acme@127.0.0.1:${agent.settings.listenPort}`);
    expect(agent.registration!.granted).toBe(600);
    agent.close();
    await trunk.until(() => registers().some((r) => r.headers.expires === '0'));
  });

  it('keeps no registration when the trunk refuses it', async () => {
    const trunk = await SipTrunk.start();
    open.push(trunk);
    trunk.registrar = { realm: 'trunk.test', user: 'acme', password: 'right' };
    const agent = SipAgent.start(
      {
        listenAddress: '127.0.0.1',
        listenPort: await freeSipPort('127.0.0.1'),
        publicAddress: '127.0.0.1',
        trunk: { host: '127.0.0.2', port: trunk.port, transport: 'udp' },
        credentials: { user: 'acme', password: 'wrong' },
        allow: ['127.0.0.2'],
        rtpPorts: [0, 0],
        registerSeconds: 3600,
      },
      new RtpPortPool('127.0.0.1', 0, 0),
      createLogger({ level: 'silent' }),
    );
    open.push(agent);
    expect(await agent.registration!.settled()).toBe('failed');
    expect(trunk.requests.filter((r) => r.method === 'REGISTER')).toHaveLength(2);
  });

  it('answers a proxy challenge (407) with Proxy-Authorization', async () => {
    const creds = { user: 'acme', password: 'другой-pass' };
    const d = await dialTrunk({ kind: 'answer', challenge: { status: 407, realm: 'proxy.test', ...creds } }, { credentials: creds });
    await d.until(() => types(d).includes('leg.answered'));
    expect(d.trunk.requests.filter((r) => r.method === 'INVITE')[1]!.headers['proxy-authorization']).toBeDefined();
  });

  it('fails with rejected when the credentials are wrong, and does not loop on challenges', async () => {
    const d = await dialTrunk({ kind: 'answer', challenge: { status: 401, realm: 'trunk.test', user: 'acme', password: 'right' } }, { credentials: { user: 'acme', password: 'wrong' } });
    await d.until(() => d.ended.length > 0);
    expect(d.events).toEqual([{ type: 'leg.failed', legId: 'phone', reason: 'rejected' }]);
    expect(d.trunk.requests.filter((r) => r.method === 'INVITE')).toHaveLength(2);
  });

  const mapped: [number, MediaEventBody][] = [
    [486, { type: 'leg.busy', legId: 'phone' }],
    [600, { type: 'leg.busy', legId: 'phone' }],
    [480, { type: 'leg.noAnswer', legId: 'phone' }],
    [603, { type: 'leg.failed', legId: 'phone', reason: 'rejected' }],
    [404, { type: 'leg.failed', legId: 'phone', reason: 'number not in service' }],
    [503, { type: 'leg.failed', legId: 'phone', reason: 'sip 503' }],
  ];
  for (const [status, event] of mapped) {
    it(`maps ${status} to ${event.type}${'reason' in event ? ` (${event.reason})` : ''}`, async () => {
      const d = await dialTrunk({ kind: 'status', status });
      await d.until(() => d.ended.length > 0);
      expect(d.events).toEqual([event]);
    });
  }

  it('stops sending while the trunk holds the call with a re-INVITE, and resumes after', async () => {
    const d = await dialTrunk({ kind: 'answer' });
    await d.until(() => types(d).includes('leg.answered'));
    const held = await d.trunk.inDialog('INVITE', 'sendonly');
    expect(held.status).toBe(200);
    expect(held.content).toContain('a=recvonly');
    const before = d.trunk.rtp.length;
    for (let i = 0; i < 5; i++) d.leg.push(new Uint8Array(160).fill(0xff));
    const resumed = await d.trunk.inDialog('INVITE', 'sendrecv');
    expect(resumed.content).toContain('a=sendrecv');
    expect(d.trunk.rtp.length).toBe(before);
    d.leg.push(new Uint8Array(160).fill(0xff));
    await d.trunk.until(() => d.trunk.rtp.length > before);
  });

  it('ends the leg as hung up on a BYE from the trunk, and sends BYE when the leg is closed', async () => {
    const d = await dialTrunk({ kind: 'answer' });
    await d.until(() => types(d).includes('leg.answered'));
    const rs = await d.trunk.inDialog('BYE');
    expect(rs.status).toBe(200);
    expect(d.ended).toEqual(['hung up']);

    const e = await dialTrunk({ kind: 'answer' });
    await e.until(() => types(e).includes('leg.answered'));
    e.leg.close('hangup');
    await e.trunk.until(() => e.trunk.requests.some((r) => r.method === 'BYE'));
    expect(e.agent.callCount).toBe(0);
  });
});
