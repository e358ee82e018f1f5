import { createSocket, type Socket } from 'node:dgram';
import { connect } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLogger } from '../../shared/log/log.js';
import { RtpPortPool } from '../../media/rtp/rtp-port-pool.js';
import { allowed } from '../../media/sip/sip-config.js';
import { SipAgent } from '../../media/sip/sip-agent.js';
import { freeSipPort } from '../support/baresip.js';

let agent: SipAgent;
let port: number;
let peer: Socket;
const replies: string[] = [];
const waiters: (() => void)[] = [];

function options(callId: string, from = '127.0.0.1'): string {
  return [
    `OPTIONS sip:sentral@127.0.0.1:${port} SIP/2.0`,
    `Via: SIP/2.0/UDP ${from}:${peer.address().port};branch=z9hG4bK${callId};rport`,
    `From: <sip:probe@${from}>;tag=${callId}`,
    `To: <sip:sentral@127.0.0.1>`,
    `Call-ID: ${callId}`,
    'CSeq: 1 OPTIONS',
    'Max-Forwards: 70',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

function send(text: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => peer.send(typeof text === 'string' ? Buffer.from(text, 'binary') : text, port, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
}

/** Sends OPTIONS and resolves with the status line answering it. */
async function ping(callId: string): Promise<string> {
  const reply = new Promise<string>((resolve) => {
    const check = (): void => {
      const found = replies.find((r) => r.includes(`Call-ID: ${callId}`));
      if (found) resolve(found.split('\r\n')[0]!);
      else waiters.push(check);
    };
    check();
  });
  await send(options(callId));
  return reply;
}

async function startAgent(allow: string[]): Promise<void> {
  agent?.close();
  port = await freeSipPort('127.0.0.1');
  agent = SipAgent.start(
    { listenAddress: '127.0.0.1', listenPort: port, publicAddress: '127.0.0.1', trunk: { host: '127.0.0.2', port: 5060, transport: 'udp' }, credentials: null, allow, rtpPorts: [0, 0] },
    new RtpPortPool('127.0.0.1', 0, 0),
    createLogger({ level: 'silent' }),
  );
}

beforeAll(async () => {
  peer = createSocket('udp4');
  peer.bind(0, '127.0.0.1');
  await once(peer, 'listening');
  peer.on('message', (b) => {
    replies.push(b.toString('binary'));
    for (const w of waiters.splice(0)) w();
  });
});

afterAll(() => {
  agent?.close();
  peer.close();
});

describe('SIP agent under hostile input', () => {
  it('answers 403 to SIP from an address not on the allow-list', async () => {
    await startAgent(['127.0.0.2']);
    expect(await ping('refused-1')).toBe('SIP/2.0 403 Forbidden');
    expect(agent.stats.refused).toBe(1);
  });

  it('keeps answering after thousands of mutated and random datagrams from an allowed peer', async () => {
    await startAgent(['127.0.0.1']);
    expect(await ping('alive-0')).toBe('SIP/2.0 200 OK');
    const base = Buffer.from(options('fuzz').replace('OPTIONS sip', 'INVITE sip').replace('CSeq: 1 OPTIONS', 'CSeq: 1 INVITE'), 'binary');
    const mutated = fc.sample(
      fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 1400 }),
        fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 }).map((edits) => {
          const b = Buffer.from(base);
          for (const [at, v] of edits) b[at] = v;
          return b;
        }),
        fc.tuple(fc.nat(base.length - 1), fc.constantFrom(':', ';', '<', '>', '"', ',', '=', '\r\n', '@', 'Content-Length: 99999\r\n', 'Via: \r\n', 'CSeq: x\r\n')).map(([at, s]) =>
          Buffer.concat([base.subarray(0, at), Buffer.from(s, 'binary'), base.subarray(at)]),
        ),
      ),
      { numRuns: 2000, seed: 1403 },
    );
    for (let i = 0; i < mutated.length; i += 50) {
      for (const m of mutated.slice(i, i + 50)) await send(m);
      // Loopback keeps order: the answer to this ping means every datagram before it was handled.
      expect(await ping(`alive-${i + 1}`)).toBe('SIP/2.0 200 OK');
    }
  });
});

const SDP = 'v=0\r\no=p 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40000 RTP/AVP 0 8 101\r\na=rtpmap:101 telephone-event/8000\r\na=sendrecv\r\n';

/** A request with an SDP body (an INVITE, or a re-INVITE when `toTag` names a dialog). */
function withSdp(method: string, callId: string, toTag = ''): string {
  return [
    `${method} sip:+4723456789@127.0.0.1:${port} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:${peer.address().port};branch=z9hG4bK${callId};rport`,
    `From: <sip:+4799999999@127.0.0.1>;tag=f${callId}`,
    `To: <sip:+4723456789@127.0.0.1>${toTag ? `;tag=${toTag}` : ''}`,
    `Call-ID: ${callId}`,
    `CSeq: 2 ${method}`,
    'Content-Type: application/sdp',
    `Content-Length: ${SDP.length}`,
    '',
    SDP,
  ].join('\r\n');
}

/** `base` with a few bytes changed, a token inserted, or cut short. */
function mutations(base: Buffer, runs: number, seed: number): Buffer[] {
  return fc.sample(
    fc.oneof(
      fc.array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((edits) => {
        const b = Buffer.from(base);
        for (const [at, v] of edits) b[at] = v;
        return b;
      }),
      fc.tuple(fc.nat(base.length - 1), fc.constantFrom('m=audio 0 RTP/AVP\r\n', 'c=IN IP6 ::\r\n', 'a=rtpmap:101 x/0\r\n', ';tag=', '\r\n\r\n', '\u0000', 'Content-Length: -1\r\n')).map(([at, t]) =>
        Buffer.concat([base.subarray(0, at), Buffer.from(t, 'binary'), base.subarray(at)]),
      ),
      fc.nat(base.length - 1).map((n) => base.subarray(0, n)),
    ),
    { numRuns: runs, seed },
  );
}

describe('SIP agent under hostile input, with inbound calls on', () => {
  it('survives mutated INVITEs with SDP, and mutated BYEs and re-INVITEs inside an answered call', async () => {
    await startAgent(['127.0.0.1']);
    const offers: string[] = [];
    agent.inbound = { offered: (o) => offers.push(o.id), withdrawn: () => undefined };
    const invites = mutations(Buffer.from(withSdp('INVITE', 'fz'), 'binary'), 600, 2201);
    for (let i = 0; i < invites.length; i += 50) {
      for (const m of invites.slice(i, i + 50)) await send(m);
      expect(await ping(`inv-${i}`)).toBe('SIP/2.0 200 OK');
    }
    // An answered call, then hostile requests inside its dialog.
    await send(withSdp('INVITE', 'dialog'));
    expect(await ping('dialog-offered')).toBe('SIP/2.0 200 OK');
    const offer = offers.at(-1)!;
    const leg = await agent.answerInbound(offer, 'caller', { callId: 'call_fz', report: () => undefined, ended: () => undefined });
    const ok = await new Promise<string>((resolve) => {
      const check = (): void => {
        const found = replies.find((r) => r.startsWith('SIP/2.0 200') && r.includes('Call-ID: dialog\r\n'));
        if (found) resolve(found);
        else waiters.push(check);
      };
      check();
    });
    const tag = /\r\nTo:[^\r]*;tag=([^;\r]+)/i.exec(ok)![1]!;
    const inDialog = [...mutations(Buffer.from(withSdp('INVITE', 'dialog', tag), 'binary'), 200, 2202), ...mutations(Buffer.from(withSdp('BYE', 'dialog', tag), 'binary'), 200, 2203)];
    for (let i = 0; i < inDialog.length; i += 50) {
      for (const m of inDialog.slice(i, i + 50)) await send(m);
      expect(await ping(`dlg-${i}`)).toBe('SIP/2.0 200 OK');
    }
    leg.close('test over');
  });

  it('survives mutated and cut-off messages over TCP, each connection on its own', async () => {
    await startAgent(['127.0.0.1']);
    const base = Buffer.from(withSdp('INVITE', 'tcp').replace('SIP/2.0/UDP', 'SIP/2.0/TCP'), 'binary');
    const messages = mutations(base, 300, 2204);
    for (let i = 0; i < messages.length; i += 30) {
      await Promise.all(
        messages.slice(i, i + 30).map(
          (m) =>
            new Promise<void>((resolve) => {
              const socket = connect(port, '127.0.0.1', () => socket.end(m));
              socket.on('error', () => resolve());
              socket.on('close', () => resolve());
              // The agent may keep a connection open waiting for the rest of a message: the test closes it.
              socket.setTimeout(200, () => socket.destroy());
            }),
        ),
      );
      expect(await ping(`tcp-${i}`)).toBe('SIP/2.0 200 OK');
    }
  });
});

describe('SIP allow-list', () => {
  it('matches addresses and IPv4 CIDR blocks, including IPv4-mapped IPv6', () => {
    expect(allowed('192.0.2.7', ['192.0.2.0/24'])).toBe(true);
    expect(allowed('::ffff:192.0.2.7', ['192.0.2.7'])).toBe(true);
    expect(allowed('192.0.3.7', ['192.0.2.0/24'])).toBe(false);
    expect(allowed('198.51.100.1', [])).toBe(false);
  });
});
